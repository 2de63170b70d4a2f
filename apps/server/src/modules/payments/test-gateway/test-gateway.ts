import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { paymentMessages } from "@velvet/shared/api/payments";
import secureJsonParse from "secure-json-parse";
import type { AppConfig } from "../../../platform/config";
import { AppError } from "../../../platform/http/app-error";
import { decrypt, deriveKey, encrypt } from "../../../platform/security/secrets";
import {
  CHECKOUT_PAYABLE_MS,
  type CheckoutRequest,
  type GatewayNotification,
  type PaymentGateway,
  type RefundRequest,
} from "../gateway";
import { verifySignature } from "../signature";
import { type CheckoutSession, eventTypeOf, notificationFor, ZTestGatewayNotificationSchema } from "./wire-format";

export const TEST_GATEWAY_NAME = "test";

/**
 * The built-in test gateway (PAYMENT_GATEWAY=test, never in production). It
 * behaves like a hosted card provider: a checkout page of its own, a reference
 * of its own, and signed notifications to our webhook. Its checkout sessions
 * travel encrypted in the checkout URL, so it keeps no state of its own.
 * `notify` queues a notification body for delivery to the webhook (notifier.ts).
 */
export class TestGateway implements PaymentGateway {
  readonly name = TEST_GATEWAY_NAME;
  readonly returnPath = "/payment-status" as const;
  private readonly sessionKey: Buffer;

  constructor(
    private readonly config: AppConfig,
    private readonly notify: (body: string) => Promise<void>,
  ) {
    this.sessionKey = deriveKey(config.appSecret, "test-gateway-checkout");
  }

  async createCheckout(request: CheckoutRequest) {
    const session: CheckoutSession = {
      ...request,
      reference: `tg_${randomBytes(12).toString("hex")}`,
      payableUntil: Date.now() + CHECKOUT_PAYABLE_MS,
    };
    const token = encrypt(this.sessionKey, JSON.stringify(session));
    const checkoutUrl = `${this.config.appUrl}/test-gateway/checkout?session=${encodeURIComponent(token)}`;
    return { checkoutUrl, reference: session.reference };
  }

  /**
   * Refunds at once, as a card provider's synchronous refund API does: answers settled, so the admin sees the
   * payment refunded on the spot, and also sends `payment.refunded` like a provider's later notification (which
   * then finds the payment refunded and changes nothing: the path a provider's confirmation takes is exercised).
   */
  async refund(request: RefundRequest) {
    const notification = notificationFor({ ...request, reference: request.gatewayReference }, "refunded");
    await this.notify(JSON.stringify(notification));
    return { refundReference: `tgr_${randomBytes(12).toString("hex")}`, settled: true };
  }

  /** The session behind a checkout URL, or undefined when it was not made here. */
  openSession(token: string): CheckoutSession | undefined {
    const plain = decrypt(this.sessionKey, token);
    return plain ? (JSON.parse(plain) as CheckoutSession) : undefined;
  }

  /** The session of a checkout its hosted page may still take money for: made here, and not older than its hour. */
  openPayableSession(token: string, now = Date.now()): CheckoutSession | undefined {
    const session = this.openSession(token);
    return session && session.payableUntil > now ? session : undefined;
  }

  readNotification(rawBody: Buffer, headers: IncomingHttpHeaders, now = new Date()): GatewayNotification {
    const header = headers["x-signature"];
    const signed = verifySignature(
      this.config.payments.webhookSecret,
      rawBody,
      typeof header === "string" ? header : undefined,
      Math.floor(now.getTime() / 1000),
    );
    if (!signed) throw new AppError("bad_request", paymentMessages.invalidSignature);
    let parsed: unknown;
    try {
      parsed = secureJsonParse.parse(rawBody.toString("utf8"), undefined, {
        protoAction: "error",
        constructorAction: "error",
      });
    } catch {
      throw new AppError("bad_request", paymentMessages.invalidNotification);
    }
    const notification = ZTestGatewayNotificationSchema.safeParse(parsed);
    if (!notification.success) throw new AppError("bad_request", paymentMessages.invalidNotification);
    const { id, type, data } = notification.data;
    return {
      eventId: id,
      type: eventTypeOf(type),
      paymentId: data.payment_id,
      gatewayReference: data.reference,
      amountCents: data.amount,
      currency: data.currency,
      payload: parsed as Record<string, unknown>,
    };
  }
}
