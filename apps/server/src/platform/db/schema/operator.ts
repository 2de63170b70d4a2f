import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { conversations } from "./conversations";
import { users } from "./members";

/**
 * Who is answering a conversation as its fictional profile. One row
 * per conversation; a row whose `expires_at` has passed is free to take, so an
 * operator who walks away never blocks a member for longer than the lock lasts.
 */
export const conversationLocks = pgTable(
  "conversation_locks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("conversation_locks_conversation_unique").on(table.conversationId),
    // Counting an operator's live locks (at most 2).
    index("conversation_locks_operator_idx").on(table.operatorId, table.expiresAt),
  ],
);

/** What operators learned about a member, by category, shown to every operator who takes the member later. */
export const memberNotes = pgTable(
  "member_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: varchar("category", { length: 20 }).notNull(),
    text: text("text").notNull(),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    index("member_notes_member_idx").on(table.memberId, table.category),
    check(
      "member_notes_category_check",
      sql`${table.category} in ('name', 'city', 'job', 'relationship', 'hobbies', 'important_dates', 'preferences', 'other')`,
    ),
  ],
);

/** Canned replies and first-contact openers, typed in the console as `/code`; optionally for one fictional profile. */
export const operatorTemplates = pgTable(
  "operator_templates",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    code: varchar("code", { length: 30 }).notNull(),
    kind: varchar("kind", { length: 15 }).notNull(),
    text: text("text").notNull(),
    profileId: bigint("profile_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("operator_templates_code_unique").on(table.code),
    check("operator_templates_kind_check", sql`${table.kind} in ('canned', 'first_contact')`),
  ],
);

/**
 * Which operators answer a fictional profile. A profile with no rows here is
 * answered by any operator; once it has rows, only those operators (and
 * admins) see its conversations in the queue or may take and answer them.
 */
export const fictionalProfileOperators = pgTable(
  "fictional_profile_operators",
  {
    profileId: bigint("profile_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fictional_profile_operators_pair_unique").on(table.profileId, table.operatorId),
    // The queue's question per operator: which profiles are mine.
    index("fictional_profile_operators_operator_idx").on(table.operatorId),
  ],
);

/* --- Triggers --- */
