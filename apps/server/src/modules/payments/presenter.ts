import type { TPayment } from "@velvet/shared/api/payments";
import type { payments } from "../../platform/db/schema/payments";
import { formatCents } from "../credits";

type PaymentRow = typeof payments.$inferSelect;

export function presentPayment(payment: PaymentRow): TPayment {
  return {
    id: payment.id,
    status: payment.status as TPayment["status"],
    kind: payment.kind as TPayment["kind"],
    package_name: payment.packageName,
    credits: payment.credits,
    promo_bonus_credits: payment.promoBonusCredits,
    vip_bonus_credits: payment.vipBonusCredits,
    duration_hours: payment.durationHours,
    price: formatCents(payment.priceCents),
    currency: payment.currency,
    promotion: payment.promotionName as TPayment["promotion"],
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    stopped_by: payment.stoppedBy as TPayment["stopped_by"],
  };
}
