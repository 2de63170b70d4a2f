import { paymentMessages } from "@velvet/shared/api/payments";
import secureJsonParse from "secure-json-parse";
import type { AppConfig } from "../../../platform/config";
import { AppError } from "../../../platform/http/app-error";
import type { CheckoutRequest, GatewayNotification, PaymentGateway, RefundRequest } from "../gateway";
import { notificationMessage, paymentPageMessage, signatureMatches, signMessage } from "./signature";
import {
  centsOf,
  eventTypeOf,
  formatAmount,
  paymentIdOf,
  referenceOf,
  refundReferenceOf,
  resultOf,
  ZTrustPayNotificationSchema,
} from "./wire-format";

export const TRUSTPAY_GATEWAY_NAME = "trustpay";
/** Card payment setup's PaymentType 0: a purchase (sale), captured at once. */
const PURCHASE = "0";

export interface TrustPayGatewayOptions {
  /** TrustPay's own id of a paid payment (from its paid notification), which its refund API needs. */
  findTrustPayPaymentId: (paymentId: string) => Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
}

/**
 * TrustPay card payments (PAYMENT_GATEWAY=trustpay): the member pays on TrustPay's hosted payment page
 * (Merchant API v5, Card/PayPopup), TrustPay notifies the webhook with signed JSON, and refunds go through its
 * card API. See docs/payments.md for the documentation each part follows.
 */
export class TrustPayGateway implements PaymentGateway {
  readonly name = TRUSTPAY_GATEWAY_NAME;
  readonly returnPath = "/trustpay-status" as const;
  private readonly settings: AppConfig["payments"]["trustpay"];
  private readonly notificationUrl: string;

  constructor(
    config: AppConfig,
    private readonly options: TrustPayGatewayOptions,
  ) {
    this.settings = config.payments.trustpay;
    this.notificationUrl = `${config.apiUrl}/payments/webhooks/${TRUSTPAY_GATEWAY_NAME}`;
  }

  async createCheckout(request: CheckoutRequest) {
    const fields = {
      accountId: this.settings.projectId,
      amount: formatAmount(request.amountCents),
      currency: request.currency,
      reference: referenceOf(request.paymentId),
      paymentType: PURCHASE,
    };
    const url = new URL(this.settings.paymentPageUrl);
    const query = url.searchParams;
    query.set("AccountId", fields.accountId);
    query.set("Amount", fields.amount);
    query.set("Currency", fields.currency);
    query.set("Reference", fields.reference);
    query.set("PaymentType", fields.paymentType);
    query.set("Signature", signMessage(this.settings.secretKey, paymentPageMessage(fields)));
    query.set("NotificationUrl", this.notificationUrl);
    // All three outcomes come back to one page; TrustPay appends Reference, ResultCode and PaymentRequestId.
    query.set("ReturnUrl", request.returnUrl);
    query.set("CancelUrl", request.returnUrl);
    query.set("ErrorUrl", request.returnUrl);
    query.set("Description", request.description.slice(0, 140));
    query.set("Localization", "EN");
    return { checkoutUrl: url.toString(), reference: fields.reference };
  }

  readNotification(rawBody: Buffer): GatewayNotification {
    let parsed: unknown;
    try {
      parsed = secureJsonParse.parse(rawBody.toString("utf8"), undefined, {
        protoAction: "error",
        constructorAction: "error",
      });
    } catch {
      throw new AppError("bad_request", paymentMessages.invalidNotification);
    }
    const signature = (parsed as { Signature?: unknown } | null)?.Signature;
    const signed =
      typeof signature === "string" &&
      signatureMatches(this.settings.secretKey, notificationMessage(parsed, signature), signature);
    if (!signed) throw new AppError("bad_request", paymentMessages.invalidSignature);

    const notification = ZTrustPayNotificationSchema.safeParse(parsed);
    if (!notification.success) throw new AppError("bad_request", paymentMessages.invalidNotification);
    const info = notification.data.PaymentInformation;
    const type = eventTypeOf(info.CreditDebitIndicator, info.Status);
    const paymentId = paymentIdOf(info.References.MerchantReference);
    const amountCents = centsOf(info.Amount.Amount);
    if (!type || !paymentId || amountCents === undefined) {
      throw new AppError("bad_request", paymentMessages.invalidNotification);
    }
    // TrustPay's notifications carry no id of their own: what happened, to which of its transactions, is one event.
    const transaction = info.References.PaymentRequestId ?? info.References.PaymentId ?? "";
    return {
      eventId: `${info.CreditDebitIndicator}:${info.Status}:${info.References.MerchantReference}:${transaction}`,
      type,
      paymentId,
      gatewayReference: referenceOf(paymentId),
      amountCents,
      currency: info.Amount.Currency,
      payload: parsed as Record<string, unknown>,
    };
  }

  /** TrustPay's card API refund (POST api/v1/Refund, X-API-KEY), in full; its answer says whether it is done. */
  async refund(request: RefundRequest): Promise<{ refundReference: string; settled: boolean }> {
    const instanceId = await this.options.findTrustPayPaymentId(request.paymentId);
    if (!instanceId)
      throw new AppError("conflict", "TrustPay has not confirmed this payment, so it cannot be refunded.");
    const send = this.options.fetch ?? globalThis.fetch;
    const response = await send(`${this.settings.apiUrl}/api/v1/Refund`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-API-KEY": this.settings.apiKey },
      body: new URLSearchParams({
        instanceId,
        amount: formatAmount(request.amountCents),
        currency: request.currency,
        reference: refundReferenceOf(request.paymentId),
      }).toString(),
      signal: AbortSignal.timeout(20_000),
    }).catch(() => undefined);
    const answer = (await response?.json().catch(() => undefined)) as
      | { instanceId?: unknown; paymentStatus?: unknown; paymentDescription?: unknown }
      | undefined;
    if (!response?.ok || typeof answer?.paymentStatus !== "string" || typeof answer.instanceId !== "string") {
      throw new AppError("unavailable", "TrustPay did not answer the refund request. Please try again later.");
    }
    const result = resultOf(answer.paymentStatus);
    if (result === "failed") {
      const why = typeof answer.paymentDescription === "string" ? `: ${answer.paymentDescription}` : "";
      throw new AppError("conflict", `TrustPay refused the refund (${answer.paymentStatus}${why}).`);
    }
    return { refundReference: answer.instanceId, settled: result === "success" };
  }
}
