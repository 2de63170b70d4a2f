import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

/** Seasonal promotions (spec §1): a window and an offer; the one running now is the member's `eventName`. */
export const promotions = pgTable(
  "promotions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 20 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    discountPercent: smallint("discount_percent").notNull().default(0),
    bonusPercent: smallint("bonus_percent").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("promotions_name_start_unique").on(table.name, table.startsAt),
    index("promotions_window_idx").on(table.endsAt, table.startsAt),
    check("promotions_window_check", sql`${table.endsAt} > ${table.startsAt}`),
    check(
      "promotions_offer_check",
      sql`${table.discountPercent} between 0 and 90 and ${table.bonusPercent} between 0 and 200`,
    ),
  ],
);
