import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type TAdminCreditPackage,
  type TAdminCreditPackageUpdateRequest,
  ZAdminCreditPackageUpdateRequestSchema,
} from "@velvet/shared/api/admin-commerce";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { AdminField, adminButtonClass, adminInputClass, adminSecondaryButtonClass, errorMessage } from "../admin-ui";
import { formatMoney } from "../format";
import { commerceKeys, updatePackage } from "./commerce-api";

/** One package's shelf details; payments already started keep the price they started at. */
export function PackageEditor({ item, onClose }: { item: TAdminCreditPackage; onClose(): void }) {
  const queryClient = useQueryClient();
  const ids = { name: useId(), credits: useId(), bonus: useId(), price: useId(), position: useId() };
  const form = useServerForm(ZAdminCreditPackageUpdateRequestSchema, {
    defaultValues: {
      name: item.name,
      credits: item.credits,
      bonus_credits: item.bonus_credits,
      price_cents: item.price_cents,
      position: item.position,
      active: item.active,
    },
  });
  const mutation = useMutation({
    mutationFn: (body: TAdminCreditPackageUpdateRequest) => updatePackage(item.id, body),
    onSuccess: (saved) => {
      toast.success(`${saved.name} is saved.`);
      void queryClient.invalidateQueries({ queryKey: commerceKeys.packages });
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { errors } = form.formState;
  const priceCents = form.watch("price_cents");
  const number = { valueAsNumber: true } as const;
  return (
    <form
      aria-label={`Edit ${item.name}`}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="grid gap-3 bg-cream-50 px-4 py-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <AdminField label="Name" htmlFor={ids.name} error={errors.name?.message}>
        <input id={ids.name} className={adminInputClass} {...form.register("name")} />
      </AdminField>
      <AdminField label="Credits" htmlFor={ids.credits} error={errors.credits?.message}>
        <input id={ids.credits} type="number" className={adminInputClass} {...form.register("credits", number)} />
      </AdminField>
      <AdminField label="Bonus credits" htmlFor={ids.bonus} error={errors.bonus_credits?.message}>
        <input id={ids.bonus} type="number" className={adminInputClass} {...form.register("bonus_credits", number)} />
      </AdminField>
      <AdminField
        label="Price in cents"
        htmlFor={ids.price}
        error={errors.price_cents?.message}
        hint={
          Number.isFinite(priceCents) ? `= ${formatMoney(priceCents ?? 0, item.currency)}, GST included` : undefined
        }
      >
        <input id={ids.price} type="number" className={adminInputClass} {...form.register("price_cents", number)} />
      </AdminField>
      <AdminField label="Shelf position" htmlFor={ids.position} error={errors.position?.message}>
        <input id={ids.position} type="number" className={adminInputClass} {...form.register("position", number)} />
      </AdminField>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold text-velvet-900">
        <input type="checkbox" className="size-4 accent-velvet-700" {...form.register("active")} />
        On sale
      </label>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" disabled={mutation.isPending || !form.formState.isDirty} className={adminButtonClass}>
          Save package
        </button>
        <button type="button" onClick={onClose} className={adminSecondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
