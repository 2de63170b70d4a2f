import { randomBytes } from "node:crypto";
import { z } from "@velvet/shared/validation/z";
import type { GatewayEventType } from "../gateway";

/** The test gateway's notification, as it goes over the wire (a provider's format, not ours). */
export const ZTestGatewayNotificationSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payment.pending", "payment.paid", "payment.failed", "payment.refunded"]),
  created: z.number().int(),
  data: z.object({
    payment_id: z.uuid(),
    reference: z.string().min(1).max(100),
    amount: z.number().int().positive(),
    currency: z.string().length(3),
  }),
});
export type TTestGatewayNotification = z.infer<typeof ZTestGatewayNotificationSchema>;

export function eventTypeOf(wireType: TTestGatewayNotification["type"]): GatewayEventType {
  return wireType.slice("payment.".length) as GatewayEventType;
}

/** A checkout session: what the hosted page shows and what its notifications report. */
export interface CheckoutSession {
  paymentId: string;
  reference: string;
  amountCents: number;
  currency: string;
  description: string;
  returnUrl: string;
}

export function notificationFor(
  session: CheckoutSession,
  type: GatewayEventType,
  now = new Date(),
): TTestGatewayNotification {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    type: `payment.${type}`,
    created: Math.floor(now.getTime() / 1000),
    data: {
      payment_id: session.paymentId,
      reference: session.reference,
      amount: session.amountCents,
      currency: session.currency,
    },
  };
}
