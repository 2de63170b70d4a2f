import { promoEventNames } from "../constants/promotions";
import { z } from "../validation/z";
import { creditPackageKinds } from "./credits";
import { resourceResponse } from "./envelope";

/** pending -> paid | failed; paid -> refunded. Only pending is unsettled. */
export const paymentStatuses = ["pending", "paid", "failed", "refunded", "charged_back"] as const;
export type TPaymentStatus = (typeof paymentStatuses)[number];

/**
 * The member's own spending control that stopped a payment: a checkout a cool-off cancelled, or a payment the
 * provider took that was refunded at once because it went over the monthly limit or came during a cool-off.
 */
export const paymentStops = ["monthly_limit", "cool_off"] as const;
export type TPaymentStop = (typeof paymentStops)[number];

export const ZCreatePaymentRequestSchema = z.object({ package_id: z.number().int().positive() });
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequestSchema>;

/** POST /api/payments answers 201 with where to send the member to pay. */
export const ZPaymentCreatedResponseSchema = resourceResponse(
  z.object({ id: z.string(), status: z.enum(paymentStatuses), checkout_url: z.string() }),
);

export const ZPaymentParamsSchema = z.object({ id: z.uuid() });

/** A payment as its owner sees it on /payment-status: what was bought, for how much, and where it stands. */
export const ZPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(paymentStatuses),
  kind: z.enum(creditPackageKinds),
  package_name: z.string(),
  /** The package's own credits, bonus included. */
  credits: z.number().int(),
  promo_bonus_credits: z.number().int(),
  vip_bonus_credits: z.number().int(),
  duration_hours: z.number().int().nullable(),
  price: z.string(),
  currency: z.string(),
  promotion: z.enum(promoEventNames).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Set on a refunded payment (and a cancelled, failed checkout) that a spending control stopped; null otherwise. */
  stopped_by: z.enum(paymentStops).nullable(),
});
export type TPayment = z.infer<typeof ZPaymentSchema>;
export const ZPaymentResponseSchema = resourceResponse(ZPaymentSchema);

export const paymentMessages = {
  packageUnavailable: "This package is no longer available.",
  paymentsUnavailable: "Payments are not available right now. Please try again later.",
  invalidSignature: "Invalid signature.",
  invalidNotification: "Invalid notification.",
  purchasesSuspended: "Purchases are suspended on this account. Please contact support.",
} as const;

/** What the status page and the refund letter say about a payment a spending control stopped. */
export const paymentStopMessages = {
  refunded: {
    monthly_limit:
      "This payment would have taken your spending this month over your monthly spending limit, so we refunded it in full. Nothing was added to your account.",
    cool_off:
      "This payment went through while you were taking a break from buying, so we refunded it in full. Nothing was added to your account.",
  },
  cancelled:
    "This checkout was cancelled when you started a break from buying, so your card was not charged. If the payment page still takes a payment for it, it is refunded in full.",
  refundArrives: "The refund reaches your card within a few business days.",
} as const satisfies { refunded: Record<TPaymentStop, string>; cancelled: string; refundArrives: string };
