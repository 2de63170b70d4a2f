import { z } from "../validation/z";

/** Admin: refunds, chargebacks and the account flags they raise. */
export const adminPaymentMessages = {
  notRefundable: "Only a paid payment can be refunded.",
  refundsUnavailable: "Refunds are not available: this payment's gateway is not configured.",
  refundFailed: "The payment gateway did not accept the refund. Please try again later.",
} as const;

/** The reason is kept in the audit log and sent to the gateway. */
export const ZAdminRefundRequestSchema = z.object({ reason: z.string().trim().min(3).max(200) });
export type TAdminRefundRequest = z.input<typeof ZAdminRefundRequestSchema>;

/**
 * Something on an account an admin should look at: `refund_shortfall` (a refund or chargeback took back fewer
 * credits than the payment gave, `credits_short` the rest) or `chargeback` (purchases are suspended until it is
 * cleared).
 */
export const ZAdminAccountFlagSchema = z.object({
  id: z.number().int(),
  reason: z.enum(["refund_shortfall", "chargeback"]),
  payment_id: z.string().nullable(),
  credits_short: z.number().int(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type TAdminAccountFlag = z.infer<typeof ZAdminAccountFlagSchema>;
export const ZAdminAccountFlagResponseSchema = z.object({ data: ZAdminAccountFlagSchema });
