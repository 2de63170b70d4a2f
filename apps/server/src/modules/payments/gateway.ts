import type { IncomingHttpHeaders } from "node:http";

/** What a provider's notification says happened to a payment, in our words. */
export type GatewayEventType = "pending" | "paid" | "failed" | "refunded" | "charged_back";

export interface GatewayNotification {
  /** The provider's id for this event: processed once, however often it is delivered. */
  eventId: string;
  type: GatewayEventType;
  /** Our payment id, which the provider echoes back. */
  paymentId: string;
  /** The provider's own id for the payment. */
  gatewayReference: string;
  amountCents: number;
  currency: string;
  /** The notification as received, kept with the event for audits. */
  payload: Record<string, unknown>;
}

/**
 * How long a checkout can take money after it began. The test gateway's hosted page refuses a checkout older than
 * this; TrustPay documents no lifetime for its hosted card page and its signed request can carry none, so there
 * this is our own bound for counting a pending checkout against the spending limit, and settlement refunds
 * whatever a later payment would take over it (spending-controls.ts, settlement.ts).
 */
export const CHECKOUT_PAYABLE_MS = 60 * 60_000;

export interface CheckoutRequest {
  paymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Where the provider sends the member back (carries the single-use custom1). */
  returnUrl: string;
}

/** A refund in full of one payment, as an admin asks for it. */
export interface RefundRequest {
  paymentId: string;
  gatewayReference: string;
  amountCents: number;
  currency: string;
  reason: string;
}

/**
 * A card payment provider, as the rest of the server sees it: start a hosted
 * checkout, and read (verify, then parse) its signed notifications. Nothing
 * else knows which provider is in use.
 */
export interface PaymentGateway {
  /** Names the webhook, `POST /api/payments/webhooks/{name}`, and is stored on each payment. */
  readonly name: string;
  /** The page the provider returns the member to: /payment-status, or /trustpay-status for the card gateway. */
  readonly returnPath: "/payment-status" | "/trustpay-status";
  createCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string; reference: string }>;
  /** Throws AppError("bad_request") unless the raw bytes carry a valid, recent signature and a known shape. */
  readNotification(rawBody: Buffer, headers: IncomingHttpHeaders, now?: Date): GatewayNotification;
  /** Asks the provider to refund the payment in full; answers the provider's refund reference. The reversal
   *  itself is applied by settlement when the provider confirms (its answer or its notification). */
  refund(request: RefundRequest): Promise<{ refundReference: string; settled: boolean }>;
}
