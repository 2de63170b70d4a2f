import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZAdminCreditAdjustmentRequestSchema } from "@velvet/shared/api/admin-members";
import { useId, useRef } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { AdminField, adminButtonClass, adminInputClass, errorMessage, Panel } from "../admin-ui";
import { adjustCredits, memberKeys } from "./members-api";

/** What the admin types; the adjustment_id is the browser's, one per adjustment (a retry reuses it). */
const ZAdjustmentFormSchema = ZAdminCreditAdjustmentRequestSchema.omit({ adjustment_id: true });

/** Add credits (a positive amount) or take them back (a negative one), always with a reason. */
export function CreditAdjustmentForm({ uuid }: { uuid: string }) {
  const queryClient = useQueryClient();
  const ids = { amount: useId(), reason: useId() };
  // Kept until an adjustment goes through, so a retried submit after a lost answer is applied once.
  const adjustmentId = useRef(crypto.randomUUID());
  const form = useServerForm(ZAdjustmentFormSchema, { defaultValues: { reason: "" } });
  const mutation = useMutation({
    mutationFn: (values: { amount: number; reason: string }) =>
      adjustCredits(uuid, { ...values, adjustment_id: adjustmentId.current }),
    onSuccess: (result) => {
      adjustmentId.current = crypto.randomUUID();
      // NaN empties a number input (the browser drops a value that is not a number).
      form.reset({ amount: Number.NaN, reason: "" });
      toast.success(
        result.applied ? `Done. The balance is now ${result.balance}.` : "That adjustment was already made.",
      );
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(uuid) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { errors } = form.formState;
  return (
    <Panel title="Adjust credits">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate className="space-y-3 p-4">
        <AdminField
          label="Amount"
          htmlFor={ids.amount}
          error={errors.amount?.message}
          hint="Positive adds credits, negative takes them back."
        >
          <input
            id={ids.amount}
            type="number"
            inputMode="numeric"
            step={1}
            placeholder="e.g. 25 or -10"
            className={adminInputClass}
            aria-invalid={errors.amount ? true : undefined}
            {...form.register("amount", { valueAsNumber: true })}
          />
        </AdminField>
        <AdminField label="Reason" htmlFor={ids.reason} error={errors.reason?.message} hint="Kept with the ledger row.">
          <input
            id={ids.reason}
            maxLength={200}
            placeholder="e.g. Goodwill after a failed payment"
            className={adminInputClass}
            aria-invalid={errors.reason ? true : undefined}
            {...form.register("reason")}
          />
        </AdminField>
        <button type="submit" disabled={mutation.isPending} className={`${adminButtonClass} w-full`}>
          Apply adjustment
        </button>
      </form>
    </Panel>
  );
}
