import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { accountFlags, paymentEvents, payments } from "../../platform/db/schema/payments";
import { enqueueJob } from "../../platform/jobs/queue";
import { queueMail } from "../../platform/mail/mail-queue";
import { formatCents } from "../credits";
import { addCredits, paymentReference, takeBackCredits } from "../ledger";
import { recordRealtimeEvent } from "../realtime";
import { REFUND_REQUESTED } from "./admin-presenter";
import { grantEntitlement, revokeEntitlement } from "./entitlements";
import type { GatewayNotification } from "./gateway";
import { controlStoppingPayment, lockControlsOfPayment } from "./spending-controls";

type PaymentRow = typeof payments.$inferSelect;
type Member = { id: number; uuid: string };

/** Asks the provider to refund a payment settlement refunded on a spending control (handled in refund-service.ts). */
export const SETTLEMENT_REFUND_JOB = "payments.settlement_refund";
/** With the default backoff, about a day of asking, as the test gateway's notifications retry. */
const SETTLEMENT_REFUND_ATTEMPTS = 30;

/** What processing a notification did: applied it, had nothing to do, or refused it as not matching the payment. */
export type SettlementOutcome = "applied" | "ignored" | "rejected" | "duplicate";

/** Everything a payment credits: the package's own credits and each extra, as separate ledger rows. */
export function creditsOwed(payment: Pick<PaymentRow, "credits" | "promoBonusCredits" | "vipBonusCredits">): number {
  return payment.credits + payment.promoBonusCredits + payment.vipBonusCredits;
}

async function creditPayment(tx: Db, payment: PaymentRow, member: Member, announce: boolean): Promise<void> {
  const reference = paymentReference(payment.id);
  const rows = [
    { reason: "purchase", amount: payment.credits },
    { reason: "promotion", amount: payment.promoBonusCredits },
    { reason: "vip_bonus", amount: payment.vipBonusCredits },
  ] as const;
  let balance: number | null = null;
  for (const row of rows) {
    if (row.amount <= 0) continue;
    balance = (await addCredits(tx, member, row.amount, row.reason, reference, { announce: false })) ?? balance;
  }
  // One CreditsEarned for the whole purchase, so the member's tabs refresh once.
  if (announce && balance !== null) {
    await recordRealtimeEvent(
      tx,
      realtimeChannels.credits(member.uuid),
      realtimeEvents.creditsEarned,
      {
        credits: creditsOwed(payment),
        balance,
      },
      [member.id],
    );
  }
  await grantEntitlement(tx, member, payment, announce);
  const now = new Date();
  await tx.update(payments).set({ status: "paid", paidAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
}

/**
 * Takes a payment back, for a refund or a chargeback alike: one `payment_reversal` row for what the balance
 * holds, the rest recorded as a shortfall on the account's flag, the pass or VIP time it bought ended.
 */
async function reversePayment(
  context: AppContext,
  tx: Db,
  payment: PaymentRow,
  member: Member,
  options: { announce: boolean; status: "refunded" | "charged_back" },
) {
  const owed = creditsOwed(payment);
  if (owed > 0) {
    const taken = await takeBackCredits(tx, member.id, owed, "payment_reversal", paymentReference(payment.id), {
      announce: options.announce,
    });
    if (taken && taken.short > 0) {
      // The member spent credits they no longer paid for: the balance stays at 0 and an admin is told.
      await tx
        .insert(accountFlags)
        .values({ userId: member.id, reason: "refund_shortfall", paymentId: payment.id, creditsShort: taken.short })
        .onConflictDoNothing();
      await writeAudit(tx, {
        actorId: null,
        action: "payment.refund_shortfall",
        targetUserId: member.id,
        metadata: { paymentId: payment.id, creditsShort: taken.short },
      });
      context.logger.warn({ paymentId: payment.id, creditsShort: taken.short }, "refund not covered by the balance");
    }
  }
  await revokeEntitlement(tx, member, payment, options.announce);
  const now = new Date();
  await tx
    .update(payments)
    .set(
      options.status === "refunded"
        ? { status: "refunded", refundedAt: now, updatedAt: now }
        : { status: "charged_back", chargedBackAt: now, updatedAt: now },
    )
    .where(eq(payments.id, payment.id));
}

/**
 * A chargeback also stops the member buying until an admin clears its flag: the bank took the money back, so
 * the next card payment is likely to go the same way.
 */
async function suspendPurchases(tx: Db, payment: PaymentRow, member: Member) {
  await tx
    .insert(accountFlags)
    .values({ userId: member.id, reason: "chargeback", paymentId: payment.id })
    .onConflictDoNothing();
  await writeAudit(tx, {
    actorId: null,
    action: "payment.charged_back",
    targetUserId: member.id,
    metadata: { paymentId: payment.id },
  });
}

/**
 * A payment the provider took although the member's own spending controls stop it (over the monthly limit, during
 * a cool-off, or a checkout a cool-off cancelled): credited and taken back at once, so nothing can be spent and the
 * books read as for any refund; marked refunded with the control that stopped it and claimed for the refund
 * (refund_reference 'requested', as an admin's refund claims it). The provider is asked by a job, outside any
 * transaction and retried until it answers: queued here, once, since a payment is settled once. The member is told
 * by letter, and the status page says the same.
 */
async function refundOnSpendingControl(
  context: AppContext,
  tx: Db,
  payment: PaymentRow,
  member: Member,
  stoppedBy: NonNullable<Awaited<ReturnType<typeof controlStoppingPayment>>>,
) {
  await creditPayment(tx, payment, member, false);
  await reversePayment(context, tx, payment, member, { announce: false, status: "refunded" });
  await tx.update(payments).set({ stoppedBy, refundReference: REFUND_REQUESTED }).where(eq(payments.id, payment.id));
  // Not tied to the member (jobs.user_id): deleting the account must not cancel the money owed back. The payload
  // holds only the payment's id.
  await enqueueJob(tx, SETTLEMENT_REFUND_JOB, { paymentId: payment.id }, { maxAttempts: SETTLEMENT_REFUND_ATTEMPTS });
  const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, member.id));
  if (buyer?.email) {
    await queueMail(
      tx,
      "payment_stopped_refund",
      {
        to: buyer.email,
        package_name: payment.packageName,
        price: formatCents(payment.priceCents),
        stopped_by: stoppedBy,
      },
      member.id,
    );
  }
  context.logger.info({ paymentId: payment.id, stoppedBy }, "payment refunded on the member's spending controls");
}

/**
 * Applies one verified notification, exactly once and in any order:
 * - the event id is recorded in the same transaction as its effect, so a
 *   repeated delivery (or ten at once, serialized on the payment's row lock)
 *   changes nothing;
 * - pending -> paid | failed, paid -> refunded | charged_back; a late `paid`
 *   after `failed` still credits (the money was taken), a `failed` after
 *   `paid` changes nothing; a payment is taken back at most once;
 * - a refund that overtakes its `paid` settles both at once, so the later
 *   `paid` finds the payment refunded and the member ends even;
 * - a `paid` is weighed against the member's spending controls (locked
 *   before the payment, so two payments at once are weighed in turn), and one
 *   they stop is refunded instead of kept (refundOnSpendingControl).
 */
export async function applyNotification(
  context: AppContext,
  gatewayName: string,
  notification: GatewayNotification,
): Promise<SettlementOutcome> {
  let refundQueued = false;
  const outcome = await context.database.db.transaction(async (tx) => {
    if (notification.type === "paid") await lockControlsOfPayment(tx, notification.paymentId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, notification.paymentId), eq(payments.gateway, gatewayName)))
      .for("update");
    const matches =
      payment !== undefined &&
      notification.amountCents === payment.priceCents &&
      notification.currency === payment.currency &&
      (payment.gatewayReference === null || payment.gatewayReference === notification.gatewayReference);
    const decided: SettlementOutcome = !payment ? "ignored" : !matches ? "rejected" : decide(payment, notification);
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        gateway: gatewayName,
        eventId: notification.eventId,
        paymentId: payment?.id ?? null,
        type: notification.type,
        outcome: decided,
        payload: notification.payload,
      })
      .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return "duplicate" as const;
    if (!payment || decided !== "applied") return decided;

    const [member] = await tx
      .select({ id: users.id, uuid: users.uuid })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (!member) throw new Error(`payment ${payment.id} has no member`);
    if (notification.type === "paid") {
      const stoppedBy = await controlStoppingPayment(context, tx, payment, new Date());
      if (stoppedBy) {
        await refundOnSpendingControl(context, tx, payment, member, stoppedBy);
        refundQueued = true;
      } else await creditPayment(tx, payment, member, true);
    } else if (notification.type === "failed") {
      const now = new Date();
      await tx
        .update(payments)
        .set({ status: "failed", failedAt: now, updatedAt: now })
        .where(eq(payments.id, payment.id));
    } else if (notification.type === "refunded" || notification.type === "charged_back") {
      const unpaid = payment.status !== "paid";
      // Credited and taken back in one go: nothing to announce, the member's balance ends where it was.
      if (unpaid) await creditPayment(tx, payment, member, false);
      await reversePayment(context, tx, payment, member, { announce: !unpaid, status: notification.type });
      if (notification.type === "charged_back") await suspendPurchases(tx, payment, member);
    }
    return "applied" as const;
  });
  if (outcome === "rejected") {
    context.logger.error(
      { paymentId: notification.paymentId, eventId: notification.eventId },
      "payment notification does not match its payment; not applied",
    );
  }
  if (outcome === "applied") context.realtimeEvents.kick();
  if (refundQueued) context.jobs.kick();
  return outcome;
}

function decide(payment: PaymentRow, notification: GatewayNotification): SettlementOutcome {
  switch (notification.type) {
    case "paid":
      return payment.status === "pending" || payment.status === "failed" ? "applied" : "ignored";
    case "failed":
      return payment.status === "pending" ? "applied" : "ignored";
    // A payment is taken back once: a chargeback of a refunded payment (or a refund of a charged-back one) finds
    // the money already returned, and is the bank's dispute to answer with the refund's reference, not ours.
    case "refunded":
    case "charged_back":
      return payment.status === "refunded" || payment.status === "charged_back" ? "ignored" : "applied";
    case "pending":
      return "ignored";
  }
}
