import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/**
 * Questions from the contact forms (/contact, /contact-us, /submit-request,
 * /helpdesk), from members or guests, for the admin queue. The sender's IP is
 * kept only as a keyed hash, enough to spot one source flooding the queue.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    email: varchar("email", { length: 320 }).notNull(),
    name: varchar("name", { length: 100 }),
    subject: varchar("subject", { length: 150 }).notNull(),
    category: varchar("category", { length: 20 }).notNull(),
    message: text("message").notNull(),
    source: varchar("source", { length: 20 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("open"),
    ipHash: varchar("ip_hash", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedById: bigint("closed_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("support_tickets_uuid_unique").on(table.uuid),
    index("support_tickets_status_idx").on(table.status, table.createdAt),
    index("support_tickets_user_idx").on(table.userId),
    check("support_tickets_status_check", sql`${table.status} in ('open', 'closed')`),
    check("support_tickets_category_check", sql`${table.category} in ('account', 'payments', 'technical', 'other')`),
    check(
      "support_tickets_source_check",
      sql`${table.source} in ('contact', 'contact-us', 'submit-request', 'helpdesk')`,
    ),
  ],
);

/** Answers admins sent to a support ticket by email, oldest first. */
export const supportTicketReplies = pgTable(
  "support_ticket_replies",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint("ticket_id", { mode: "number" })
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("support_ticket_replies_ticket_idx").on(table.ticketId, table.id)],
);

/* ---- Fictional profiles admin ---- */
