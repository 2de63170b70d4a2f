import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { queryRowsPrepared } from "../../platform/db/statement-names";
import { recordRealtimeEvent } from "../realtime";

/**
 * The only code that changes a balance. Every change is one append-only ledger
 * row written in the same transaction as the balance, so `users.credits` always
 * equals the sum of the member's rows; `(reason, reference)` is unique, so the
 * same payment, bonus or refund can never be counted twice.
 */
export type LedgerReason =
  | "welcome_bonus"
  | "demo_grant"
  /** A paid payment's package credits (its own bonus included); reference `payment:{id}`. */
  | "purchase"
  /** A promotion's extra credits on a payment, apart from the package's own; reference `payment:{id}`. */
  | "promotion"
  /** VIP members' extra credits on a payment; reference `payment:{id}`. */
  | "vip_bonus"
  /** A refunded payment's credits taken back (as far as the balance allows); reference `payment:{id}`. */
  | "payment_reversal"
  /** The free credits a member took instead of deleting their account; reference `user:{id}`. */
  | "deletion_offer"
  | "message"
  | "refund"
  | "admin_adjustment"
  | "test";

/** The ledger reference of everything a payment credits or takes back. */
export function paymentReference(paymentId: string): string {
  return `payment:${paymentId}`;
}

/**
 * Adds credits once per (reason, reference). Returns the new balance, or null
 * when that reference was already credited (a repeated notification or retry).
 * Tells the member's open tabs through CreditsEarned after commit, unless the
 * caller announces several rows as one (`announce: false`).
 */
export async function addCredits(
  tx: Db,
  user: { id: number; uuid: string },
  amount: number,
  reason: LedgerReason,
  reference: string,
  options: { announce?: boolean } = {},
): Promise<number | null> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`addCredits needs a positive integer, got ${amount}`);
  // Locking the member's row orders concurrent changes, so balance_after is exact.
  const [current] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, user.id)).for("update");
  if (!current) throw new Error(`no user ${user.id}`);
  const balance = current.credits + amount;
  const inserted = await tx
    .insert(creditLedger)
    .values({ userId: user.id, amount, reason, reference, balanceAfter: balance })
    .onConflictDoNothing({ target: [creditLedger.reason, creditLedger.reference] })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return null;
  await tx.update(users).set({ credits: balance }).where(eq(users.id, user.id));
  if (options.announce !== false) {
    await recordRealtimeEvent(
      tx,
      realtimeChannels.credits(user.uuid),
      realtimeEvents.creditsEarned,
      {
        credits: amount,
        balance,
      },
      [user.id],
    );
  }
  return balance;
}

/**
 * Takes back up to `amount` credits once per (reason, reference): as many as
 * the balance holds, never below 0. Answers what was taken and what was
 * missing (the caller flags the account for a shortfall); null when that
 * reference was already taken back. Tells the member's tabs the new balance, unless
 * the caller keeps the whole change quiet (`announce: false`: a purchase credited and
 * taken back in one go changes nothing the member saw).
 */
export async function takeBackCredits(
  tx: Db,
  userId: number,
  amount: number,
  reason: LedgerReason,
  reference: string,
  options: { announce?: boolean } = {},
): Promise<{ taken: number; short: number; balance: number } | null> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`takeBackCredits needs a positive integer, got ${amount}`);
  const [current] = await tx
    .select({ credits: users.credits, uuid: users.uuid })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!current) throw new Error(`no user ${userId}`);
  const taken = Math.min(current.credits, amount);
  const balance = current.credits - taken;
  // A row of 0 would say nothing (and the ledger refuses it); the caller's state change guards repeats then.
  if (taken > 0) {
    const inserted = await tx
      .insert(creditLedger)
      .values({ userId, amount: -taken, reason, reference, balanceAfter: balance })
      .onConflictDoNothing({ target: [creditLedger.reason, creditLedger.reference] })
      .returning({ id: creditLedger.id });
    if (inserted.length === 0) return null;
    await tx.update(users).set({ credits: balance }).where(eq(users.id, userId));
    if (options.announce !== false) await announceBalance(tx, { id: userId, uuid: current.uuid }, balance);
  }
  return { taken, short: amount - taken, balance };
}

/**
 * Spends credits if the balance covers them: one conditional update (a
 * concurrent spender waits for the row and re-checks), so the balance never goes
 * below 0 even without the check constraint that also guards it. Returns the new
 * balance, or null when there are not enough credits (nothing written).
 */
export async function spendCredits(
  tx: Db,
  userId: number,
  amount: number,
  reason: LedgerReason,
  reference: string,
): Promise<number | null> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`spendCredits needs a positive integer, got ${amount}`);
  // The spend and its ledger row in one statement (every message sent runs it): a data-modifying WITH runs
  // whether or not the outer query reads it, and writes no row when the update matched none.
  // Planned once per connection (NAMED_BY_TEXT): it runs with every message sent.
  const [updated] = await queryRowsPrepared<{ credits: number; uuid: string }>(
    tx,
    sql`with spent as (
      update ${users} set credits = credits - ${amount}
      where id = ${userId} and credits >= ${amount}
      returning credits, uuid
    ), entry as (
      insert into ${creditLedger} (user_id, amount, reason, reference, balance_after)
      select ${userId}, ${-amount}, ${reason}, ${reference}, credits from spent
    )
    select credits, uuid from spent`,
  );
  if (!updated) return null;
  await announceBalance(tx, { id: userId, uuid: updated.uuid }, updated.credits);
  return updated.credits;
}

/**
 * A spend or take-back, told to every open tab and device of the member after commit: a tab that
 * did not send the message would otherwise keep showing the old balance until it next reloaded the member.
 */
async function announceBalance(tx: Db, member: { id: number; uuid: string }, balance: number): Promise<void> {
  await recordRealtimeEvent(tx, realtimeChannels.credits(member.uuid), realtimeEvents.balanceChanged, { balance }, [
    member.id,
  ]);
}

export interface LedgerMismatch {
  userId: number;
  username: string;
  balance: number;
  ledgerSum: number;
}

/** Members whose stored balance differs from the sum of their ledger rows (there should be none). */
export async function findLedgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      balance: users.credits,
      ledgerSum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)`,
    })
    .from(users)
    .leftJoin(creditLedger, eq(creditLedger.userId, users.id))
    .groupBy(users.id)
    .having(sql`${users.credits} <> coalesce(sum(${creditLedger.amount}), 0) or ${users.credits} < 0`);
  return rows.map((row) => ({ ...row, ledgerSum: Number(row.ledgerSum) }));
}
