import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/** Likes, winks, favorites and blocks between two members: one row per kind and ordered pair. */
export const interactions = pgTable(
  "interactions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 10 }).notNull(),
    fromUserId: bigint("from_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: bigint("to_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("interactions_pair_unique").on(table.kind, table.fromUserId, table.toUserId),
    index("interactions_target_idx").on(table.toUserId, table.kind, table.createdAt),
    check("interactions_kind_check", sql`${table.kind} in ('like', 'wink', 'favorite', 'block')`),
  ],
);
