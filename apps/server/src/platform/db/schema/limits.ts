import { bigint, date, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/**
 * Per-member daily counters of actions that notify other members (likes, winks): the cap counts what was done,
 * so undoing and redoing an action still counts twice. `day` is the site's calendar day (SITE_TIMEZONE).
 */
export const memberActionCounts = pgTable(
  "member_action_counts",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [uniqueIndex("member_action_counts_unique").on(table.userId, table.kind, table.day)],
);
