import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/** Notifications (spec §3): the bell's list; `data` holds the resource's data object. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromUserId: bigint("from_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    actionType: varchar("action_type", { length: 30 }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The member was away when it arrived (a message, wink or like): it waits for the next email digest. */
    emailDue: boolean("email_due").notNull().default(false),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.id),
    index("notifications_email_due_idx")
      .on(table.userId, table.id)
      .where(sql`${table.emailDue} and ${table.emailedAt} is null`),
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    // A message's bell item is found by its conversation (notify replaces it on every message sent; reading the
    // conversation marks it read). Without this the lookup read every notification the recipient has, so each
    // message to a much-written profile cost more than the last.
    index("notifications_conversation_item_idx")
      .on(table.userId, sql`(${table.data} #>> '{message,conversation,uuid}')`)
      .where(sql`${table.actionType} = 'MESSAGE_RECEIVED'`),
  ],
);

/** Senders a member muted: no notification from them is created until unmuted. */
export const notificationMutes = pgTable(
  "notification_mutes",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedUserId: bigint("muted_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("notification_mutes_pair_unique").on(table.userId, table.mutedUserId)],
);
