import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Real-time events recorded inside the business transaction and delivered after
 * commit; rows still undelivered at start (a crash between commit and delivery)
 * are delivered then.
 */
export const realtimeOutbox = pgTable(
  "realtime_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    channel: varchar("channel", { length: 200 }).notNull(),
    event: varchar("event", { length: 100 }).notNull(),
    payload: jsonb("payload").notNull(),
    /**
     * The members the event is addressed to or names (the channel's owner, the sender of a message, a reader):
     * deleting an account deletes its events by this key, never by searching text.
     */
    userIds: bigint("user_ids", { mode: "number" }).array().notNull().default(sql`'{}'::bigint[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [index("realtime_outbox_pending_idx").on(table.id).where(sql`${table.deliveredAt} is null`)],
);
