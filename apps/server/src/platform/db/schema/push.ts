import { bigint, index, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/**
 * A browser's Web Push subscription (the PushSubscription JSON it gave us). The endpoint is the push service's
 * address for that browser: unique, so a browser that subscribes again for another member moves to them.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which encrypt each payload (RFC 8291). */
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    userAgent: varchar("user_agent", { length: 500 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp("last_pushed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
  ],
);

/** The server's own VAPID key pair when configuration gives none: generated once, one row (id 1). */
export const pushVapidKeys = pgTable("push_vapid_keys", {
  id: smallint("id").primaryKey(),
  publicKey: varchar("public_key", { length: 200 }).notNull(),
  privateKey: varchar("private_key", { length: 100 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
