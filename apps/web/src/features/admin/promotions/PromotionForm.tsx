import {
  PROMOTION_MAX_BONUS_PERCENT,
  PROMOTION_MAX_DISCOUNT_PERCENT,
  type TAdminPromotion,
  type TAdminPromotionRequest,
  ZAdminPromotionRequestSchema,
} from "@velvet/shared/api/admin-promotions";
import { promoEventNames } from "@velvet/shared/constants/promotions";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { ApiError } from "../../../lib/api-client";
import { useServerForm } from "../../../lib/use-server-form";
import { FormAlert, SelectField, TextField } from "../../../ui/forms/fields";

/** datetime-local works in the browser's zone without an offset; the API wants an instant. */
function toLocalInput(iso: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function fromLocalInput(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

const eventOptions = promoEventNames.map((name) => ({ value: name, label: name }));

/** Add or change one window. The server refuses overlaps (422 on starts_at), shown in place like any field error. */
export function PromotionForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: TAdminPromotion | null;
  onSave(body: TAdminPromotionRequest): Promise<void>;
  onCancel(): void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useServerForm(ZAdminPromotionRequestSchema, {
    defaultValues: editing
      ? {
          name: editing.name as TAdminPromotionRequest["name"],
          starts_at: editing.starts_at,
          ends_at: editing.ends_at,
          discount_percent: editing.discount_percent,
          bonus_percent: editing.bonus_percent,
        }
      : { name: "summer", starts_at: "", ends_at: "", discount_percent: 0, bonus_percent: 40 },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSave(values);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422)) {
        setProblem(error instanceof ApiError ? error.message : "Something went wrong. Please try again.");
      }
    }
  });

  const dateField = (name: "starts_at" | "ends_at", label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          type="datetime-local"
          value={toLocalInput(field.value)}
          onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-card bg-white p-4 shadow-card">
      <h3 className="font-display text-base font-semibold text-velvet-900">
        {editing ? `Change ${editing.name}` : "New promotion"}
      </h3>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <SelectField label="Event" options={eventOptions} error={errors.name?.message} {...form.register("name")} />
      <div className="grid gap-3 sm:grid-cols-2">
        {dateField("starts_at", "Starts")}
        {dateField("ends_at", "Ends")}
      </div>
      <p className="text-xs text-muted">Times are in your browser's time zone. Windows may touch but never overlap.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Discount %"
          type="number"
          min={0}
          max={PROMOTION_MAX_DISCOUNT_PERCENT}
          error={errors.discount_percent?.message}
          {...form.register("discount_percent", { valueAsNumber: true })}
        />
        <TextField
          label="Bonus credits %"
          type="number"
          min={0}
          max={PROMOTION_MAX_BONUS_PERCENT}
          error={errors.bonus_percent?.message}
          {...form.register("bonus_percent", { valueAsNumber: true })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-4 py-2 text-xs" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : editing ? "Save changes" : "Add promotion"}
        </button>
        <button type="button" className="btn-outline px-4 py-2 text-xs" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
