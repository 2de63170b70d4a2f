import type { TAdminPaymentRow } from "@velvet/shared/api/admin-members";
import type { payments } from "../../platform/db/schema/payments";

type PaymentRow = typeof payments.$inferSelect;

/**
 * Held in `refund_reference` while an admin's refund is being asked of the gateway (refund-service.ts), so a
 * second request, here or in another process, does not ask again; the gateway's reference replaces it.
 */
export const REFUND_REQUESTED = "requested";

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A payment as the admin's member page shows it: its state and, once asked for, its refund. */
export function presentAdminPayment(payment: PaymentRow): TAdminPaymentRow {
  return {
    id: payment.id,
    kind: payment.kind,
    package_name: payment.packageName,
    credits: payment.credits,
    price_cents: payment.priceCents,
    currency: payment.currency,
    status: payment.status,
    created_at: payment.createdAt.toISOString(),
    paid_at: iso(payment.paidAt),
    refunded_at: iso(payment.refundedAt),
    charged_back_at: iso(payment.chargedBackAt),
    // The claim marker of a refund still being asked for is not a reference yet.
    refund_reference: payment.refundReference === REFUND_REQUESTED ? null : payment.refundReference,
  };
}
