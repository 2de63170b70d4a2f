import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/** Clicks on navigation controls (spec §7 /user-track-clicks), for product reporting. */
export const clickEvents = pgTable(
  "click_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    deviceId: varchar("device_id", { length: 128 }),
    sectionType: varchar("section_type", { length: 40 }).notNull(),
    buttonType: varchar("button_type", { length: 40 }).notNull(),
    status: varchar("status", { length: 10 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("click_events_created_idx").on(table.createdAt)],
);

/** Notification popups shown or clicked (spec §7 /site-popups), for reporting. */
export const sitePopupEvents = pgTable(
  "site_popup_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    profileUserId: bigint("profile_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    notificationType: varchar("notification_type", { length: 30 }).notNull(),
    actionType: varchar("action_type", { length: 10 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("site_popup_events_created_idx").on(table.createdAt),
    check("site_popup_events_action_check", sql`${table.actionType} in ('IMPRESSION', 'CLICKED')`),
  ],
);

/** Clicks on browser push notifications (spec §7 /push-notification-clicks), for reporting. */
export const pushNotificationClicks = pgTable(
  "push_notification_clicks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    x: integer("x").notNull(),
    t: integer("t").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_notification_clicks_created_idx").on(table.createdAt)],
);

/** A/B test exposures and clicks (spec §7 /ab-test-events), for reporting. */
export const abTestEvents = pgTable(
  "ab_test_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    abTestType: varchar("ab_test_type", { length: 30 }).notNull(),
    groupName: varchar("group_name", { length: 10 }).notNull(),
    value: varchar("value", { length: 10 }).notNull(),
    eventName: varchar("event_name", { length: 20 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ab_test_events_report_idx").on(table.abTestType, table.eventName, table.groupName, table.value)],
);
