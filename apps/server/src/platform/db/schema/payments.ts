import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { creditPackages } from "./credits";
import { users } from "./members";

/**
 * A purchase, with what it buys frozen at creation (prices and packages may
 * change later). pending -> paid | failed, paid -> refunded | charged_back; the
 * ledger rows that credit it reference `payment:{id}`.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    packageId: bigint("package_id", { mode: "number" })
      .notNull()
      .references(() => creditPackages.id, { onDelete: "restrict" }),
    kind: varchar("kind", { length: 10 }).notNull(),
    packageName: varchar("package_name", { length: 60 }).notNull(),
    /** The package's own credits, its bonus included: one `purchase` ledger row. */
    credits: integer("credits").notNull(),
    /** Each of these is its own ledger row (`promotion`, `vip_bonus`), so the package's credits stay visible. */
    promoBonusCredits: integer("promo_bonus_credits").notNull().default(0),
    vipBonusCredits: integer("vip_bonus_credits").notNull().default(0),
    durationHours: integer("duration_hours"),
    priceCents: integer("price_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    promotionName: varchar("promotion_name", { length: 20 }),
    gateway: varchar("gateway", { length: 20 }).notNull(),
    /** The provider's own id for this payment, once it has one. */
    gatewayReference: varchar("gateway_reference", { length: 100 }),
    /** Up to `charged_back` (12 characters): 0020 allowed that status but kept the column at 10. */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** The single-use `custom1` sign-in value of the return URL, stored hashed. */
    custom1Hash: varchar("custom1_hash", { length: 64 }).notNull(),
    custom1ExpiresAt: timestamp("custom1_expires_at", { withTimezone: true }).notNull(),
    custom1UsedAt: timestamp("custom1_used_at", { withTimezone: true }),
    /**
     * The hash of the browser binding cookie set when the checkout began: the return link signs in only the
     * browser that holds it (a link copied elsewhere, or read from the provider's logs, is refused).
     */
    checkoutBrowserHash: varchar("checkout_browser_hash", { length: 64 }),
    /**
     * Which of the member's own spending controls stopped this payment: `cool_off` on a checkout a break
     * cancelled (failed), or on a payment refunded at settlement during one; `monthly_limit` on a payment refunded
     * at settlement because it went over the limit. Null for every other payment.
     */
    stoppedBy: varchar("stopped_by", { length: 20 }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The provider's id for the refund an admin asked for (its API's answer), once asked. */
    refundReference: varchar("refund_reference", { length: 100 }),
    chargedBackAt: timestamp("charged_back_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("payments_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("payments_custom1_unique").on(table.custom1Hash),
    uniqueIndex("payments_gateway_reference_unique").on(table.gateway, table.gatewayReference),
    index("payments_status_idx").on(table.status),
    check("payments_status_check", sql`${table.status} in ('pending', 'paid', 'failed', 'refunded', 'charged_back')`),
    check("payments_kind_check", sql`${table.kind} in ('credits', 'pass', 'vip')`),
    check("payments_stopped_by_check", sql`${table.stoppedBy} in ('monthly_limit', 'cool_off')`),
    check(
      "payments_amounts_check",
      sql`${table.credits} >= 0 and ${table.promoBonusCredits} >= 0 and ${table.vipBonusCredits} >= 0 and ${table.priceCents} > 0`,
    ),
  ],
);

/**
 * Every provider notification processed, once: the unique (gateway, event_id)
 * makes a repeated delivery a no-op, in the same transaction as its effect.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: varchar("gateway", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 100 }).notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    type: varchar("type", { length: 20 }).notNull(),
    /** What it did: applied, ignored (nothing left to do), or rejected (it disagreed with the payment). */
    outcome: varchar("outcome", { length: 20 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_events_event_unique").on(table.gateway, table.eventId),
    index("payment_events_payment_idx").on(table.paymentId),
  ],
);

/** Accounts an admin should look at, e.g. a refund the balance could not cover (the shortfall is recorded). */
export const accountFlags = pgTable(
  "account_flags",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: varchar("reason", { length: 30 }).notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** Credits a refund should have taken back but the balance did not hold. */
    creditsShort: integer("credits_short").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    index("account_flags_user_idx").on(table.userId),
    uniqueIndex("account_flags_payment_reason_unique").on(table.paymentId, table.reason),
    index("account_flags_open_idx").on(table.createdAt).where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * A member's own spending controls: a monthly limit (a raise waits 24 hours in `pending_*`, a cut applies at once)
 * and a cool-off break from buying that cannot be ended early.
 */
export const spendingControls = pgTable(
  "spending_controls",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    monthlyLimitCents: integer("monthly_limit_cents"),
    /** A raise (or removal: `pending_limit_removed`) waiting for its 24 hours. */
    pendingLimitCents: integer("pending_limit_cents"),
    pendingLimitRemoved: boolean("pending_limit_removed").notNull().default(false),
    pendingLimitEffectiveAt: timestamp("pending_limit_effective_at", { withTimezone: true }),
    coolOffUntil: timestamp("cool_off_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "spending_controls_limits_check",
      sql`(${table.monthlyLimitCents} is null or ${table.monthlyLimitCents} >= 0) and (${table.pendingLimitCents} is null or ${table.pendingLimitCents} >= 0)`,
    ),
  ],
);
