import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./members";

/**
 * The one durable queue for work that happens after a change commits (mail first): a job is inserted in the
 * same transaction as the change that causes it, claimed by any server process with FOR UPDATE SKIP LOCKED,
 * retried with backoff until `max_attempts`, and kept once done (`completed_at`) or given up (`failed_at`).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 40 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /**
     * The member the job is for or about (a letter to their account, a push to their devices): deleting the
     * account deletes their jobs by this key, never by searching payloads' text.
     */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(25),
    /** A claim lasts until this moment; a process that dies mid-job lets it go when the claim runs out. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: varchar("locked_by", { length: 100 }),
    lastError: text("last_error"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("jobs_due_idx")
      .on(table.runAt, table.id)
      .where(sql`${table.completedAt} is null and ${table.failedAt} is null`),
    index("jobs_kind_idx").on(table.kind, table.createdAt),
    index("jobs_user_idx").on(table.userId).where(sql`${table.userId} is not null`),
  ],
);

/**
 * When each scheduled job kind runs next. Exactly one process runs an occurrence: the process whose round finds the
 * row due locks it (FOR UPDATE SKIP LOCKED), moves `next_run_at` on and enqueues the occurrence as an ordinary row
 * of `jobs` in the same transaction; another process either skips the locked row or, once it is committed, finds it
 * no longer due. The occurrence then runs (and is retried) like any job. A row per schedule, rather than a unique
 * key on `jobs`, so the next run survives the pruning of finished jobs and admins can be shown it.
 */
export const jobSchedules = pgTable("job_schedules", {
  name: varchar("name", { length: 40 }).primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});
