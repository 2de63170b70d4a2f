import { promoEventNames } from "../constants/promotions";
import { z } from "../validation/z";
import { creditPackageKinds } from "./credits";
import { resourceResponse } from "./envelope";

/** pending -> paid | failed; paid -> refunded. Only pending is unsettled. */
export const paymentStatuses = ["pending", "paid", "failed", "refunded", "charged_back"] as const;
export type TPaymentStatus = (typeof paymentStatuses)[number];

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
