import { randomBytes } from "node:crypto";
import { z } from "@velvet/shared/validation/z";
import type { GatewayEventType } from "../gateway";

/** The test gateway's notification, as it goes over the wire (a provider's format, not ours). */
export const ZTestGatewayNotificationSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payment.pending", "payment.paid", "payment.failed", "payment.refunded", "payment.chargeback"]),
  created: z.number().int(),
  data: z.object({
    payment_id: z.uuid(),
    reference: z.string().min(1).max(100),
    amount: z.number().int().positive(),
    currency: z.string().length(3),
  }),
});
export type TTestGatewayNotification = z.infer<typeof ZTestGatewayNotificationSchema>;

type WireType = TTestGatewayNotification["type"];

/** The wire name of each event: the provider says `payment.chargeback` where we say `charged_back`. */
const wireTypes: Record<GatewayEventType, WireType> = {
  pending: "payment.pending",
  paid: "payment.paid",
  failed: "payment.failed",
  refunded: "payment.refunded",
  charged_back: "payment.chargeback",
};

export function wireTypeOf(type: GatewayEventType): WireType {
  return wireTypes[type];
}

export function eventTypeOf(wireType: WireType): GatewayEventType {
  const found = Object.entries(wireTypes).find(([, wire]) => wire === wireType);
  if (!found) throw new Error(`unknown wire type ${wireType}`);
  return found[0] as GatewayEventType;
}

/** A checkout session: what the hosted page shows and what its notifications report. */
export interface CheckoutSession {
  paymentId: string;
  reference: string;
  amountCents: number;
  currency: string;
  description: string;
  returnUrl: string;
  /** Unix milliseconds after which the hosted page no longer takes the payment (CHECKOUT_PAYABLE_MS). */
  payableUntil: number;
}

/** What a notification needs of a checkout session (a refund's request carries the same). */
export type NotifiedPayment = Pick<CheckoutSession, "paymentId" | "reference" | "amountCents" | "currency">;

export function notificationFor(
  session: NotifiedPayment,
  type: GatewayEventType,
  now = new Date(),
): TTestGatewayNotification {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    type: wireTypeOf(type),
    created: Math.floor(now.getTime() / 1000),
    data: {
      payment_id: session.paymentId,
      reference: session.reference,
      amount: session.amountCents,
      currency: session.currency,
    },
  };
}
