import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";
import { photos } from "./profiles";

/** Reports of members or photos, from members or guests, for the admin queue. */
export const reports = pgTable(
  "reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: bigint("reporter_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    reporterEmail: varchar("reporter_email", { length: 320 }),
    reportedUserId: bigint("reported_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    photoId: bigint("photo_id", { mode: "number" }).references(() => photos.id, { onDelete: "set null" }),
    reason: varchar("reason", { length: 30 }).notNull(),
    details: text("details").notNull().default(""),
    status: varchar("status", { length: 15 }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reports_status_idx").on(table.status, table.createdAt),
    check("reports_status_check", sql`${table.status} in ('pending', 'under_review', 'accepted', 'rejected')`),
  ],
);

/** What moderators wrote while handling a report, oldest first; kept when the author leaves. */
export const reportNotes = pgTable(
  "report_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("report_notes_report_idx").on(table.reportId, table.id)],
);
