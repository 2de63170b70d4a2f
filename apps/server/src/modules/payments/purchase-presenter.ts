import type { TPurchase, TReceipt } from "@velvet/shared/api/purchases";
import type { AppConfig } from "../../platform/config";
import type { payments } from "../../platform/db/schema/payments";

type PaymentRow = typeof payments.$inferSelect;

/** Every credit the purchase brought: the package's own (its bonus included) and the promotion and VIP extras. */
function creditsOf(payment: PaymentRow): number {
  return payment.credits + payment.promoBonusCredits + payment.vipBonusCredits;
}

export function presentPurchase(payment: PaymentRow): TPurchase {
  return {
    id: payment.id,
    status: payment.status as TPurchase["status"],
    package: { name: payment.packageName, credits: creditsOf(payment) },
    amount_cents: payment.priceCents,
    currency: payment.currency,
    created_at: payment.createdAt.toISOString(),
    settled_at: payment.paidAt?.toISOString() ?? null,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
  };
}

/** Australian GST is 10% on top, so a GST-inclusive price holds one eleventh of itself in GST. */
export function gstIncludedIn(amountCents: number): number {
  return Math.round(amountCents / 11);
}

export function presentReceipt(payment: PaymentRow, paidAt: Date, seller: AppConfig["seller"]): TReceipt {
  return {
    id: payment.id,
    status: payment.status === "refunded" ? "refunded" : "paid",
    seller: { legal_name: seller.legalName, address: seller.address, tax_id: seller.taxId ?? null },
    reference: payment.id,
    gateway_reference: payment.gatewayReference,
    paid_at: paidAt.toISOString(),
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    package: { name: payment.packageName, credits: creditsOf(payment) },
    amount_cents: payment.priceCents,
    gst_cents: gstIncludedIn(payment.priceCents),
    currency: payment.currency,
  };
}
