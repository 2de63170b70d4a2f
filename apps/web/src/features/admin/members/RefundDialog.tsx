import type { TAdminPaymentRow } from "@velvet/shared/api/admin-members";
import { ZAdminRefundRequestSchema } from "@velvet/shared/api/admin-payments";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { Modal } from "../../../ui/Modal";
import { AdminField, adminDangerButtonClass, adminInputClass, adminSecondaryButtonClass } from "../admin-ui";
import { formatCount, formatMoney, formatShortDateTime } from "../format";

/** What a refund takes back, in the words an admin needs before confirming. */
function consequence(payment: TAdminPaymentRow): string {
  if (payment.kind === "pass") return "The 24-hour pass it bought ends now.";
  const credits = `${formatCount(payment.credits)} credits are taken back (as many as the balance holds; the rest is flagged)`;
  return payment.kind === "vip" ? `${credits}, and the VIP time it bought ends.` : `${credits}.`;
}

/** The refund's confirmation: what happens, and the reason kept in the audit log and sent to the gateway. */
export function RefundDialog({
  payment,
  username,
  busy,
  onRefund,
  onClose,
}: {
  payment: TAdminPaymentRow;
  username: string;
  busy: boolean;
  onRefund(reason: string): void;
  onClose(): void;
}) {
  const reasonId = useId();
  const form = useServerForm(ZAdminRefundRequestSchema, { defaultValues: { reason: "" } });
  const error = form.formState.errors.reason?.message;
  const amount = formatMoney(payment.price_cents, payment.currency);
  return (
    <Modal label={`Refund ${amount} to ${username}?`} onClose={onClose} variant="sheet">
      <form onSubmit={form.handleSubmit((values) => onRefund(values.reason))} noValidate className="space-y-4 p-6">
        <h2 className="font-display text-xl font-semibold text-velvet-950">
          Refund {amount} to {username}?
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-cream-50 px-4 py-3 text-sm">
          <dt className="text-muted">Package</dt>
          <dd className="font-medium">{payment.package_name}</dd>
          <dt className="text-muted">Paid</dt>
          <dd className="font-medium">{formatShortDateTime(payment.paid_at ?? payment.created_at)}</dd>
        </dl>
        <p className="text-sm text-muted">
          The full amount goes back to their card. {consequence(payment)} This cannot be undone.
        </p>
        <AdminField
          label="Reason"
          htmlFor={reasonId}
          error={error}
          hint="3 to 200 characters, kept in the audit log and sent to the gateway."
        >
          <textarea
            id={reasonId}
            rows={2}
            maxLength={200}
            placeholder="e.g. Bought by mistake, asked within the hour"
            className={adminInputClass}
            aria-invalid={error ? true : undefined}
            {...form.register("reason")}
          />
        </AdminField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={adminSecondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={adminDangerButtonClass}>
            Refund {amount}
          </button>
        </div>
      </form>
    </Modal>
  );
}
