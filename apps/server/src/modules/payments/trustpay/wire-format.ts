import { z } from "@velvet/shared/validation/z";
import type { GatewayEventType } from "../gateway";

/**
 * TrustPay's JSON notification (doc.trustpay.eu "Notifications"; the shape hyperswitch's connector parses):
 * `PaymentInformation` says what happened, `Signature` signs all of it. CRDT is money in (the purchase),
 * DBIT money out (a refund, or a chargeback).
 */
export const ZTrustPayNotificationSchema = z.object({
  PaymentInformation: z.object({
    CreditDebitIndicator: z.enum(["CRDT", "DBIT"]),
    Status: z.string().min(1).max(40),
    Amount: z.object({ Amount: z.number().positive().max(1_000_000), Currency: z.string().regex(/^[A-Z]{3}$/) }),
    References: z.object({
      MerchantReference: z.string().min(1).max(35),
      PaymentId: z.string().max(40).nullish(),
      PaymentRequestId: z.string().max(40).nullish(),
    }),
    StatusReasonInformation: z
      .object({ Reason: z.object({ Code: z.string().nullish(), RejectReason: z.string().nullish() }) })
      .nullish(),
  }),
  Signature: z.string(),
});
export type TTrustPayNotification = z.infer<typeof ZTrustPayNotificationSchema>;

/** CRDT Paid/Rejected settle the purchase; DBIT Paid/Refunded confirm a refund; DBIT Chargebacked is a chargeback. */
export function eventTypeOf(indicator: "CRDT" | "DBIT", status: string): GatewayEventType | undefined {
  if (indicator === "CRDT") return status === "Paid" ? "paid" : status === "Rejected" ? "failed" : undefined;
  if (status === "Paid" || status === "Refunded") return "refunded";
  if (status === "Chargebacked") return "charged_back";
  // A rejected refund leaves the payment as it is: acknowledged, changes nothing.
  if (status === "Rejected") return "pending";
  return undefined;
}

/**
 * Our payment id as TrustPay's Reference (at most 35 characters, so the uuid without its dashes); a refund's
 * reference is the same with an R in front, so its notification leads back to the payment.
 */
export function referenceOf(paymentId: string): string {
  return paymentId.replaceAll("-", "");
}
export function refundReferenceOf(paymentId: string): string {
  return `R${referenceOf(paymentId)}`;
}

/** The payment a MerchantReference names (a purchase's or a refund's), or undefined when it is not one of ours. */
export function paymentIdOf(merchantReference: string): string | undefined {
  const match = /^R?([0-9a-f]{32})$/.exec(merchantReference);
  if (!match?.[1]) return undefined;
  const hex = match[1];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Cents as TrustPay writes amounts: "49.95". */
export function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** TrustPay's amount (a JSON number in major units) in cents, or undefined when it has more than two decimals. */
export function centsOf(amount: number): number | undefined {
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : undefined;
}

/**
 * The card API's result codes (its `status`/`paymentStatus`): 000.000.*, 000.100.1* and 000.3*, 000.6* are
 * processed successfully; 000.200.* is still pending; anything else failed.
 */
export function resultOf(code: string): "success" | "pending" | "failed" {
  if (/^(000\.000\.|000\.100\.1|000\.[36])/.test(code)) return "success";
  if (/^000\.200/.test(code)) return "pending";
  return "failed";
}
