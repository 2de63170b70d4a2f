import { paymentMessages } from "@velvet/shared/api/payments";
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../../platform/app-context";
import { paymentEvents, payments } from "../../../platform/db/schema/payments";
import { AppError } from "../../../platform/http/app-error";
import { applyNotification } from "../settlement";
import { TRUSTPAY_GATEWAY_NAME, type TrustPayGateway } from "./trustpay-gateway";

/**
 * One TrustPay notification, as the webhook receives it: verified over the bytes received, then settled
 * exactly once. Forged, malformed, unknown or disagreeing notifications are logged and answered 400 (TrustPay
 * then retries, and a person looks at the log); nothing is credited for them.
 */
export async function settleTrustPayNotification(
  context: AppContext,
  gateway: TrustPayGateway,
  rawBody: Buffer,
  from: string,
): Promise<void> {
  let notification: ReturnType<TrustPayGateway["readNotification"]>;
  try {
    notification = gateway.readNotification(rawBody);
  } catch (error) {
    // The body itself stays out of the log: it is not ours to trust, and may be large.
    context.logger.warn(
      { from, bytes: rawBody.length, reason: (error as Error).message },
      "TrustPay notification refused",
    );
    throw error;
  }
  const [payment] = await context.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, notification.paymentId), eq(payments.gateway, TRUSTPAY_GATEWAY_NAME)));
  if (!payment) {
    context.logger.warn({ from, paymentId: notification.paymentId }, "TrustPay notification for an unknown payment");
    throw new AppError("bad_request", paymentMessages.invalidNotification);
  }
  const outcome = await applyNotification(context, TRUSTPAY_GATEWAY_NAME, notification);
  // Settlement logged the mismatch; answering 400 (to its retries as well) keeps it visible on TrustPay's side too.
  if (outcome === "rejected" || (outcome === "duplicate" && (await wasRejected(context, notification.eventId)))) {
    throw new AppError("bad_request", paymentMessages.invalidNotification);
  }
}

async function wasRejected(context: AppContext, eventId: string): Promise<boolean> {
  const [event] = await context.database.db
    .select({ outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.gateway, TRUSTPAY_GATEWAY_NAME), eq(paymentEvents.eventId, eventId)));
  return event?.outcome === "rejected";
}

/** TrustPay's id of a paid payment, from the paid notification that settled it: its refund API asks for it. */
export async function findTrustPayPaymentId(context: AppContext, paymentId: string): Promise<string | undefined> {
  const [paid] = await context.database.db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.gateway, TRUSTPAY_GATEWAY_NAME),
        eq(paymentEvents.paymentId, paymentId),
        eq(paymentEvents.type, "paid"),
        eq(paymentEvents.outcome, "applied"),
      ),
    )
    .orderBy(desc(paymentEvents.id))
    .limit(1);
  const references = (paid?.payload as { PaymentInformation?: { References?: Record<string, unknown> } } | undefined)
    ?.PaymentInformation?.References;
  const id = references?.PaymentId ?? references?.PaymentRequestId;
  return typeof id === "string" && id !== "" ? id : undefined;
}
