import { bigint, index, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/** Who did what to whom: operator and admin actions, impersonation, account changes. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint("actor_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 60 }).notNull(),
    targetUserId: bigint("target_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar("ip", { length: 45 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_log_target_idx").on(table.targetUserId), index("audit_log_actor_idx").on(table.actorId)],
);
