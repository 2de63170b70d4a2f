import type { TAdminPaymentRow } from "@velvet/shared/api/admin-members";
import { adminPaymentMessages } from "@velvet/shared/api/admin-payments";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { payments } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import type { JobHandler } from "../../platform/jobs/queue";
import type { SessionUser } from "../../platform/members/types";
import { presentAdminPayment, REFUND_REQUESTED } from "./admin-presenter";
import type { PaymentGateway } from "./gateway";
import { configuredGateway } from "./gateways";
import { applyNotification } from "./settlement";

type PaymentRow = typeof payments.$inferSelect;

/** A claim older than this was left by a process that stopped mid-request: another request may take it over. */
const STALE_CLAIM_SQL = sql`now() - interval '2 minutes'`;

/**
 * An admin refunds a paid payment in full. The payment is claimed first (refund_reference := 'requested', only
 * while paid and not yet asked), so a double click or a second admin never asks the gateway twice; the gateway
 * is called outside any transaction (a network call must not hold the row, and the embedded database has a
 * single connection). Its reference and the `payment.refunded` audit entry with the reason are then stored
 * together. When the gateway answers `settled`, the reversal is applied at once through settlement, under the
 * event id `refund:{paymentId}`; otherwise its refund notification applies it later. A second request answers
 * the payment as it stands; one for a payment that is not paid is 422.
 */
export async function refundPayment(
  context: AppContext,
  gateway: PaymentGateway | undefined,
  admin: SessionUser,
  paymentId: string,
  reason: string,
  ip: string,
): Promise<TAdminPaymentRow> {
  const { db } = context.database;
  const payment = await claimRefund(context, gateway, paymentId);
  if (!payment || !gateway) return presentAdminPayment(await loadPayment(context, paymentId));

  let answer: { refundReference: string; settled: boolean };
  try {
    answer = await askGatewayToRefund(context, gateway, payment, { actorId: admin.id, reason, ip });
  } catch (error) {
    context.logger.error({ err: error, paymentId }, "the gateway refused or failed the refund");
    await db
      .update(payments)
      .set({ refundReference: null })
      .where(and(eq(payments.id, paymentId), eq(payments.refundReference, REFUND_REQUESTED)));
    throw new AppError("unavailable", adminPaymentMessages.refundFailed);
  }
  if (answer.settled) {
    await applyNotification(context, gateway.name, {
      eventId: `refund:${paymentId}`,
      type: "refunded",
      paymentId,
      gatewayReference: payment.gatewayReference ?? "",
      amountCents: payment.priceCents,
      currency: payment.currency,
      payload: { source: "admin_refund", refund_reference: answer.refundReference },
    });
  }
  return presentAdminPayment(await loadPayment(context, paymentId));
}

/**
 * The refund itself, for an admin's refund and settlement's alike, on a payment already claimed for it
 * (refund_reference 'requested'): the gateway is asked in full, outside any transaction, then its reference and
 * the `payment.refunded` audit entry are stored together. Throws whatever the gateway throws.
 */
async function askGatewayToRefund(
  context: AppContext,
  gateway: PaymentGateway,
  payment: PaymentRow,
  audit: { actorId: number | null; reason: string; ip?: string },
): Promise<{ refundReference: string; settled: boolean }> {
  const answer = await gateway.refund({
    paymentId: payment.id,
    gatewayReference: payment.gatewayReference ?? "",
    amountCents: payment.priceCents,
    currency: payment.currency,
    reason: audit.reason,
  });
  await context.database.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ refundReference: answer.refundReference, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    await writeAudit(tx, {
      actorId: audit.actorId,
      action: "payment.refunded",
      targetUserId: payment.userId,
      metadata: {
        paymentId: payment.id,
        reason: audit.reason,
        refundReference: answer.refundReference,
        gateway: gateway.name,
      },
      ip: audit.ip,
    });
  });
  return answer;
}

/**
 * The SETTLEMENT_REFUND_JOB: asks the provider to refund a payment that settlement already refunded in the books
 * on a spending control. Only while its claim is still unanswered, so a replayed or retried job asks no more once
 * the provider has answered; a gateway error throws and the job is retried with backoff (a job that gives up shows
 * as failed in the admin's jobs). Nothing is applied afterwards: the payment is refunded already, and the
 * provider's own refund notification then changes nothing.
 */
export function settlementRefundJob(context: AppContext): JobHandler {
  const gateway = configuredGateway(context);
  return async (payload) => {
    const payment = await loadPayment(context, String(payload.paymentId));
    if (payment.status !== "refunded" || payment.refundReference !== REFUND_REQUESTED) return;
    if (!gateway || gateway.name !== payment.gateway) {
      throw new Error(`payment ${payment.id} needs a refund from ${payment.gateway}, which is not configured`);
    }
    await askGatewayToRefund(context, gateway, payment, {
      actorId: null,
      reason: `spending control: ${payment.stoppedBy}`,
    });
  };
}

/**
 * Claims the payment for a refund: answers it when this request should ask the gateway, or undefined when a
 * refund was already asked for (the caller answers the payment as it is). 404 unknown; 422 not paid or no
 * gateway to ask.
 */
async function claimRefund(
  context: AppContext,
  gateway: PaymentGateway | undefined,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [claimed] = await context.database.db
    .update(payments)
    .set({ refundReference: REFUND_REQUESTED, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "paid"),
        eq(payments.gateway, gateway?.name ?? ""),
        or(
          isNull(payments.refundReference),
          and(eq(payments.refundReference, REFUND_REQUESTED), lt(payments.updatedAt, STALE_CLAIM_SQL)),
        ),
      ),
    )
    .returning();
  if (claimed) return claimed;
  const payment = await loadPayment(context, paymentId);
  if (payment.refundReference !== null) return undefined;
  if (payment.status !== "paid") throw new AppError("validation", adminPaymentMessages.notRefundable);
  throw new AppError("validation", adminPaymentMessages.refundsUnavailable);
}

async function loadPayment(context: AppContext, paymentId: string): Promise<PaymentRow> {
  const [payment] = await context.database.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError("not_found");
  return payment;
}
