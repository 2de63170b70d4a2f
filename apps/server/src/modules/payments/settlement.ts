import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { accountFlags, paymentEvents, payments } from "../../platform/db/schema/payments";
import { addCredits, paymentReference, takeBackCredits } from "../ledger";
import { recordRealtimeEvent } from "../realtime";
import { grantEntitlement, revokeEntitlement } from "./entitlements";
import type { GatewayNotification } from "./gateway";

type PaymentRow = typeof payments.$inferSelect;
type Member = { id: number; uuid: string };

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
 * Applies one verified notification, exactly once and in any order:
 * - the event id is recorded in the same transaction as its effect, so a
 *   repeated delivery (or ten at once, serialized on the payment's row lock)
 *   changes nothing;
 * - pending -> paid | failed, paid -> refunded | charged_back; a late `paid`
 *   after `failed` still credits (the money was taken), a `failed` after
 *   `paid` changes nothing; a payment is taken back at most once;
 * - a refund that overtakes its `paid` settles both at once, so the later
 *   `paid` finds the payment refunded and the member ends even.
 */
export async function applyNotification(
  context: AppContext,
  gatewayName: string,
  notification: GatewayNotification,
): Promise<SettlementOutcome> {
  const outcome = await context.database.db.transaction(async (tx) => {
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
    if (notification.type === "paid") await creditPayment(tx, payment, member, true);
    else if (notification.type === "failed") {
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
