import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { users } from "./members";

/**
 * Append-only credit ledger: every change of a balance is one row, and
 * `users.credits` always equals the sum of a member's rows (`npm run ledger:check`).
 * (reason, reference) is unique, so a payment or bonus is credited exactly once.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    reason: varchar("reason", { length: 30 }).notNull(),
    reference: varchar("reference", { length: 100 }).notNull(),
    /** The balance right after this row, for statements and audits. */
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("credit_ledger_reason_reference_unique").on(table.reason, table.reference),
    index("credit_ledger_user_idx").on(table.userId, table.id),
    check("credit_ledger_amount_not_zero", sql`${table.amount} <> 0`),
  ],
);

/** Price in credits of each message type; seeded from configuration, edited by admins. */
export const messagePrices = pgTable(
  "message_prices",
  {
    type: varchar("type", { length: 10 }).primaryKey(),
    credits: integer("credits").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("message_prices_credits_not_negative", sql`${table.credits} >= 0`)],
);

/**
 * The credit store's products (spec §1): credit packages, the 24-hour pass and
 * VIP membership. Data, not code: written once from the default catalogue and
 * edited by admins afterwards; `code` names a product across those edits.
 */
export const creditPackages = pgTable(
  "credit_packages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    code: varchar("code", { length: 40 }).notNull(),
    kind: varchar("kind", { length: 10 }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    credits: integer("credits").notNull().default(0),
    bonusCredits: integer("bonus_credits").notNull().default(0),
    /** AUD cents, GST included. */
    priceCents: integer("price_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("AUD"),
    /** A pass or membership lasts this long from purchase (or from the end of the current one). */
    durationHours: integer("duration_hours"),
    highlight: varchar("highlight", { length: 30 }),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("credit_packages_code_unique").on(table.code),
    check("credit_packages_kind_check", sql`${table.kind} in ('credits', 'pass', 'vip')`),
    check("credit_packages_amounts_check", sql`${table.credits} >= 0 and ${table.bonusCredits} >= 0`),
    check("credit_packages_price_check", sql`${table.priceCents} > 0`),
    check(
      "credit_packages_duration_check",
      sql`(${table.kind} = 'credits') = (${table.durationHours} is null) and coalesce(${table.durationHours}, 1) > 0`,
    ),
  ],
);
