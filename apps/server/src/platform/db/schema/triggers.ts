import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { messages } from "./conversations";
import { users } from "./members";

/**
 * Messages fictional profiles send on their own (type `trigger`): `registered`
 * fires `delay_minutes` after a member registers, `inactive` once a member
 * has been away that long. `profile_id` null: a random online fictional
 * profile the member would be shown. Admins edit them; the trigger job sends.
 */
export const triggers = pgTable(
  "triggers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 80 }).notNull(),
    event: varchar("event", { length: 12 }).notNull(),
    delayMinutes: integer("delay_minutes").notNull(),
    text: text("text").notNull(),
    profileId: bigint("profile_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    /** How many times this trigger may reach one member: once per registration or inactive spell. */
    maxPerMember: integer("max_per_member").notNull().default(1),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check("triggers_event_check", sql`${table.event} in ('registered', 'inactive')`),
    check("triggers_delay_check", sql`${table.delayMinutes} > 0`),
    check("triggers_max_per_member_check", sql`${table.maxPerMember} > 0`),
  ],
);

/**
 * One trigger message sent to one member. `occurrence_at` is what the trigger
 * counted from (the registration, or the last activity before the inactive
 * spell), copied from the member's row by the insert itself: the unique index
 * makes a trigger fire at most once per member and occurrence, however many
 * processes run the job. Kept when its trigger is deleted, for the daily cap.
 */
export const triggerDeliveries = pgTable(
  "trigger_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    triggerId: bigint("trigger_id", { mode: "number" }).references(() => triggers.id, { onDelete: "set null" }),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileId: bigint("profile_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    messageId: bigint("message_id", { mode: "number" }).references(() => messages.id, { onDelete: "set null" }),
    occurrenceAt: timestamp("occurrence_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("trigger_deliveries_occurrence_unique").on(table.triggerId, table.memberId, table.occurrenceAt),
    // The daily cap: a member's trigger messages of the last 24 hours.
    index("trigger_deliveries_member_idx").on(table.memberId, table.sentAt),
    index("trigger_deliveries_trigger_idx").on(table.triggerId, table.sentAt),
  ],
);
