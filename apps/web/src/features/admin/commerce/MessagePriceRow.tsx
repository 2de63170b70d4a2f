import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZAdminMessagePriceRequestSchema } from "@velvet/shared/api/admin-commerce";
import type { TCreditPrice } from "@velvet/shared/api/credits";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { adminInputClass, adminSecondaryButtonClass, errorMessage } from "../admin-ui";
import { commerceKeys, setMessagePrice } from "./commerce-api";

const typeLabels: Record<string, string> = { text: "Text message", image: "Photo", wink: "Wink", like: "Like" };

export function MessagePriceRow({ price }: { price: TCreditPrice }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const form = useServerForm(ZAdminMessagePriceRequestSchema, { values: { credits: price.credits } });
  const mutation = useMutation({
    mutationFn: (credits: number) => setMessagePrice(price.type, credits),
    onSuccess: (saved) => {
      toast.success(`${typeLabels[saved.type] ?? saved.type} now costs ${saved.credits} credits.`);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.prices });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const error = form.formState.errors.credits?.message;
  return (
    <li>
      <form
        onSubmit={form.handleSubmit((values) => mutation.mutate(values.credits))}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-center gap-3 px-4 py-2.5"
      >
        <label htmlFor={inputId} className="text-sm font-semibold text-velvet-900">
          {typeLabels[price.type] ?? price.type}
          {error ? (
            <span role="alert" className="block text-xs font-medium text-danger">
              {error}
            </span>
          ) : null}
        </label>
        <input
          id={inputId}
          type="number"
          min={0}
          max={1000}
          step={1}
          className={`${adminInputClass} text-right tabular-nums`}
          {...form.register("credits", { valueAsNumber: true })}
        />
        <button
          type="submit"
          disabled={mutation.isPending || !form.formState.isDirty}
          className={adminSecondaryButtonClass}
        >
          Save
        </button>
      </form>
    </li>
  );
}
