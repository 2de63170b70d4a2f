import type { TPaymentStop } from "@velvet/shared/api/payments";
import { purchaseMessages, type TSpendingControls } from "@velvet/shared/api/purchases";
import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { type Db, queryRows } from "../../platform/db/client";
import { payments, spendingControls } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";
import { formatCents } from "../credits";
import { CHECKOUT_PAYABLE_MS } from "./gateway";

/**
 * A member's own spending controls (docs/payments.md): a monthly limit, where a cut applies at once and a raise
 * (or removal) only after RAISE_DELAY_MS, so a moment's impulse cannot undo a decision made calmly; and a cool-off
 * break from buying that cannot be ended early.
 */
export const RAISE_DELAY_MS = 24 * 3600_000;
/**
 * Checkouts still pending count against the limit for as long as the provider's page can take money for them
 * (CHECKOUT_PAYABLE_MS), so two quick checkouts cannot both pass on the same allowance; a checkout abandoned
 * longer ago stops holding the allowance back. Whatever gets paid anyway is checked again at settlement.
 */
export const PENDING_HOLDS_MS = CHECKOUT_PAYABLE_MS;

type ControlsRow = typeof spendingControls.$inferSelect;

interface Controls {
  limitCents: number | null;
  pending: { limitCents: number | null; effectiveAt: Date } | null;
  coolOffUntil: Date | null;
}

/** The controls as they stand at `now`: a raise whose 24 hours are over has become the limit. */
function controlsAt(row: ControlsRow | undefined, now: Date): Controls {
  if (!row) return { limitCents: null, pending: null, coolOffUntil: null };
  const hasPending =
    row.pendingLimitEffectiveAt !== null && (row.pendingLimitRemoved || row.pendingLimitCents !== null);
  const pending =
    hasPending && row.pendingLimitEffectiveAt
      ? { limitCents: row.pendingLimitRemoved ? null : row.pendingLimitCents, effectiveAt: row.pendingLimitEffectiveAt }
      : null;
  const coolOffUntil = row.coolOffUntil && row.coolOffUntil > now ? row.coolOffUntil : null;
  if (pending && pending.effectiveAt <= now) return { limitCents: pending.limitCents, pending: null, coolOffUntil };
  return { limitCents: row.monthlyLimitCents, pending, coolOffUntil };
}

/** The moment `now`'s calendar month began in the site's time zone, as SQL (the limit is per site month). */
function monthStartSql(zone: string, now: Date) {
  return sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${zone}) at time zone ${zone})`;
}

/** What this calendar month (in SITE_TIMEZONE) has spent so far, and when the month ends. */
async function monthSpending(context: AppContext, userId: number, now: Date, db: Db = context.database.db) {
  const zone = context.config.siteTimezone;
  const at = sql`${now.toISOString()}::timestamptz`;
  const monthStart = monthStartSql(zone, now);
  const [row] = await queryRows<{ spent: number; month_ends_at: number }>(
    db,
    sql`select
        (select coalesce(sum(${payments.priceCents}), 0)::int from ${payments}
          where ${payments.userId} = ${userId}
            and ((${payments.status} = 'paid' and ${payments.paidAt} >= ${monthStart})
              or (${payments.status} = 'pending' and ${payments.createdAt} > ${at} - ${`${PENDING_HOLDS_MS} milliseconds`}::interval))
        ) as spent,
        (extract(epoch from ((date_trunc('month', ${at} at time zone ${zone}) + interval '1 month') at time zone ${zone})) * 1000)::float8 as month_ends_at`,
  );
  return { spentCents: row?.spent ?? 0, monthEndsAt: new Date(row?.month_ends_at ?? now.getTime()) };
}

async function loadControls(context: AppContext, userId: number) {
  const [row] = await context.database.db.select().from(spendingControls).where(eq(spendingControls.userId, userId));
  return row;
}

function present(controls: Controls, spending: { spentCents: number; monthEndsAt: Date }): TSpendingControls {
  return {
    monthly_limit_cents: controls.limitCents,
    pending_limit: controls.pending
      ? { monthly_limit_cents: controls.pending.limitCents, effective_at: controls.pending.effectiveAt.toISOString() }
      : null,
    cool_off_until: controls.coolOffUntil?.toISOString() ?? null,
    spent_this_month_cents: spending.spentCents,
    remaining_cents: controls.limitCents === null ? null : Math.max(0, controls.limitCents - spending.spentCents),
    month_ends_at: spending.monthEndsAt.toISOString(),
  };
}

/** The member's own controls; nobody else's can be asked for (the route takes no id). */
export async function spendingControlsOf(context: AppContext, auth: Authenticated): Promise<TSpendingControls> {
  const now = new Date();
  const [row, spending] = await Promise.all([
    loadControls(context, auth.user.id),
    monthSpending(context, auth.user.id, now),
  ]);
  return present(controlsAt(row, now), spending);
}

/** Only the member themselves: an operator acting as them may not loosen (or tighten) what they chose. */
function assertMayChange(auth: Authenticated) {
  accountPolicy.assertNotImpersonating(auth);
  accountPolicy.assertActive(auth.user);
}

/**
 * Runs `change` on the member's row, locked, with any due raise already folded in, and writes what it answers.
 * The row is created on first use; the lock keeps two tabs' changes from interleaving.
 */
async function changeControls(
  context: AppContext,
  auth: Authenticated,
  change: (controls: Controls, now: Date) => Controls,
  alsoInTransaction?: (tx: Db, now: Date) => Promise<void>,
): Promise<TSpendingControls> {
  const now = new Date();
  await context.database.db.transaction(async (tx) => {
    await tx.insert(spendingControls).values({ userId: auth.user.id }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(spendingControls)
      .where(eq(spendingControls.userId, auth.user.id))
      .for("update");
    const next = change(controlsAt(row, now), now);
    await tx
      .update(spendingControls)
      .set({
        monthlyLimitCents: next.limitCents,
        pendingLimitCents: next.pending?.limitCents ?? null,
        pendingLimitRemoved: next.pending !== null && next.pending.limitCents === null,
        pendingLimitEffectiveAt: next.pending?.effectiveAt ?? null,
        coolOffUntil: next.coolOffUntil,
        updatedAt: now,
      })
      .where(eq(spendingControls.userId, auth.user.id));
    await alsoInTransaction?.(tx, now);
  });
  return spendingControlsOf(context, auth);
}

/**
 * A lower limit (or a first one) applies at once and drops any raise still waiting; a higher one, or removing
 * the limit, waits RAISE_DELAY_MS from this request (a second raise starts the wait again).
 */
export function setMonthlyLimit(context: AppContext, auth: Authenticated, limitCents: number | null) {
  assertMayChange(auth);
  return changeControls(context, auth, (controls, now) => {
    const current = controls.limitCents;
    const isCut = limitCents !== null && (current === null || limitCents <= current);
    if (isCut || current === null) return { ...controls, limitCents, pending: null };
    return { ...controls, pending: { limitCents, effectiveAt: new Date(now.getTime() + RAISE_DELAY_MS) } };
  });
}

/**
 * A break from buying for 1, 7 or 30 days from now; it may be extended, never shortened or ended early. Checkouts
 * still open are cancelled with it (failed, `stopped_by` cool_off, their return link used up): a page left open on
 * the provider's site must not buy anything in the break, and if it takes money anyway settlement refunds it.
 * Providers offer no way to close a hosted page, so cancelling is ours alone.
 */
export function startCoolOff(context: AppContext, auth: Authenticated, days: number) {
  assertMayChange(auth);
  return changeControls(
    context,
    auth,
    (controls, now) => {
      const until = new Date(now.getTime() + days * 24 * 3600_000);
      if (controls.coolOffUntil && controls.coolOffUntil > until) {
        throw AppError.field(
          "days",
          purchaseMessages.coolOffCannotShorten(formatMoment(controls.coolOffUntil, context.config.siteTimezone)),
        );
      }
      return { ...controls, coolOffUntil: until };
    },
    async (tx, now) => {
      await tx
        .update(payments)
        .set({
          status: "failed",
          failedAt: now,
          stoppedBy: "cool_off",
          custom1UsedAt: sql`coalesce(${payments.custom1UsedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(and(eq(payments.userId, auth.user.id), eq(payments.status, "pending")));
    },
  );
}

/**
 * Refuses a checkout of `priceCents` during a cool-off, or when it would take this month's spending over the
 * limit (422 on package_id). Called once, from createPayment, inside the transaction that then writes the
 * payment: the member's controls row is locked first, so two checkouts at once are checked one after the other
 * and the second sees the first's pending payment (counted for PENDING_HOLDS_MS).
 */
export async function assertWithinSpendingControls(context: AppContext, tx: Db, userId: number, priceCents: number) {
  const now = new Date();
  const [row] = await tx.select().from(spendingControls).where(eq(spendingControls.userId, userId)).for("update");
  if (!row) return;
  const controls = controlsAt(row, now);
  const zone = context.config.siteTimezone;
  if (controls.coolOffUntil) {
    throw AppError.field("package_id", purchaseMessages.coolingOff(formatMoment(controls.coolOffUntil, zone)));
  }
  if (controls.limitCents === null) return;
  const spending = await monthSpending(context, userId, now, tx);
  const remaining = Math.max(0, controls.limitCents - spending.spentCents);
  if (priceCents <= remaining) return;
  throw AppError.field(
    "package_id",
    purchaseMessages.overLimit(
      formatCents(controls.limitCents),
      formatCents(remaining),
      formatDay(spending.monthEndsAt, zone),
    ),
  );
}

/**
 * Locks the spending controls of the payment's member, for settlement to take before the payment's own row: the
 * order a cool-off (controls, then the member's pending payments) and a checkout take them, so none deadlocks.
 */
export async function lockControlsOfPayment(tx: Db, paymentId: string): Promise<void> {
  await queryRows(
    tx,
    sql`select ${spendingControls.userId} from ${spendingControls}
        where ${spendingControls.userId} = (select ${payments.userId} from ${payments} where ${payments.id} = ${paymentId})
        for update`,
  );
}

/**
 * Which of the member's controls a payment the provider has just taken breaks, or null to keep it: one a cool-off
 * cancelled (whenever the money comes), any during a cool-off, and one that would take what was paid this month
 * over the limit (pending checkouts no longer count here: only what was actually paid). Called by settlement after
 * lockControlsOfPayment, so two payments settling at once are weighed one after the other.
 */
export async function controlStoppingPayment(
  context: AppContext,
  tx: Db,
  payment: { id: string; userId: number; priceCents: number; stoppedBy: string | null },
  now: Date,
): Promise<TPaymentStop | null> {
  if (payment.stoppedBy === "cool_off" || payment.stoppedBy === "monthly_limit") return payment.stoppedBy;
  const [row] = await tx.select().from(spendingControls).where(eq(spendingControls.userId, payment.userId));
  const controls = controlsAt(row, now);
  if (controls.coolOffUntil) return "cool_off";
  if (controls.limitCents === null) return null;
  const [paid] = await tx
    .select({ cents: sql<number>`coalesce(sum(${payments.priceCents}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, payment.userId),
        eq(payments.status, "paid"),
        ne(payments.id, payment.id),
        gte(payments.paidAt, monthStartSql(context.config.siteTimezone, now)),
      ),
    );
  return (paid?.cents ?? 0) + payment.priceCents > controls.limitCents ? "monthly_limit" : null;
}

function partsOf(moment: Date, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat("en-AU", { timeZone, ...options }).formatToParts(moment);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
}

/** "1 December", in the site's time zone. */
export function formatDay(moment: Date, timeZone: string): string {
  const part = partsOf(moment, timeZone, { day: "numeric", month: "long" });
  return `${part("day")} ${part("month")}`;
}

/** "2 December 2026, 14:05", in the site's time zone (built from parts: ICU versions join date and time differently). */
export function formatMoment(moment: Date, timeZone: string): string {
  const part = partsOf(moment, timeZone, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}
