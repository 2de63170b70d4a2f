import { and, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobSchedules, jobs } from "../db/schema/jobs";
import { enqueueJob } from "./queue";

/** When a scheduled kind runs: every N milliseconds, or once a day at a site-time clock time ("HH:MM"). */
export type JobSchedule = { everyMs: number } | { dailyAt: string };

export interface ScheduledKind {
  schedule: JobSchedule;
  /**
   * Attempts per occurrence. Low by default: a periodic pass that keeps failing should give way to the next
   * occurrence (which redoes the same work) rather than hold the schedule with hour-long backoffs.
   */
  maxAttempts: number;
}

export const DEFAULT_SCHEDULED_MAX_ATTEMPTS = 5;

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function validateSchedule(kind: string, schedule: JobSchedule): void {
  if ("everyMs" in schedule ? !(schedule.everyMs >= 1) : !CLOCK_TIME.test(schedule.dailyAt)) {
    throw new Error(`job ${kind}: invalid schedule ${JSON.stringify(schedule)}`);
  }
}

/**
 * The next run after now, computed by the database (its clock is the one every process shares, and it knows the
 * time zone rules, so "daily at 03:00" stays at 03:00 site time across daylight-saving changes).
 */
export function nextRunSql(schedule: JobSchedule, timeZone: string): SQL {
  if ("everyMs" in schedule) return sql`now() + ${schedule.everyMs} * interval '1 millisecond'`;
  const today = sql`((now() at time zone ${timeZone})::date + ${schedule.dailyAt}::time)`;
  return sql`(case when (${today} at time zone ${timeZone}) > now() then ${today} at time zone ${timeZone}
    else (${today} + interval '1 day') at time zone ${timeZone} end)`;
}

/**
 * Makes sure each schedule has its row. An existing row keeps its next run unless the schedule now says sooner
 * (a shortened interval takes effect at once; a restart never postpones a run).
 */
export async function syncSchedules(db: Db, kinds: Map<string, ScheduledKind>, timeZone: string): Promise<void> {
  for (const [name, { schedule }] of kinds) {
    await db
      .insert(jobSchedules)
      .values({ name, nextRunAt: nextRunSql(schedule, timeZone) })
      .onConflictDoUpdate({
        target: jobSchedules.name,
        set: { nextRunAt: sql`least(${jobSchedules.nextRunAt}, excluded.next_run_at)` },
      });
  }
}

/**
 * Enqueues the due occurrence of each schedule, exactly once across processes (see `jobSchedules`). An
 * occurrence whose kind still has a job waiting, running or retrying is not enqueued: a periodic pass does all
 * the work that is due, so the one in the queue covers it, and passes of one kind never overlap. Answers how
 * many were enqueued.
 */
export async function enqueueDueOccurrences(
  db: Db,
  kinds: Map<string, ScheduledKind>,
  timeZone: string,
): Promise<number> {
  const names = [...kinds.keys()];
  if (names.length === 0) return 0;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ name: jobSchedules.name, nextRunAt: jobSchedules.nextRunAt })
      .from(jobSchedules)
      .where(and(inArray(jobSchedules.name, names), lte(jobSchedules.nextRunAt, sql`now()`)))
      .for("update", { skipLocked: true });
    let enqueued = 0;
    for (const row of due) {
      const kind = kinds.get(row.name);
      if (!kind) continue;
      await tx
        .update(jobSchedules)
        .set({ nextRunAt: nextRunSql(kind.schedule, timeZone), lastRunAt: sql`now()` })
        .where(eq(jobSchedules.name, row.name));
      const [open] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, row.name), isNull(jobs.completedAt), isNull(jobs.failedAt)))
        .limit(1);
      if (open) continue;
      await enqueueJob(tx, row.name, { scheduled_for: row.nextRunAt.toISOString() }, { maxAttempts: kind.maxAttempts });
      enqueued += 1;
    }
    return enqueued;
  });
}

/** Brings a schedule's next run forward to `at` if that is sooner (a pass that knows when work falls due). */
export async function runScheduleBy(db: Db, name: string, at: Date): Promise<void> {
  await db
    .update(jobSchedules)
    .set({ nextRunAt: sql`least(${jobSchedules.nextRunAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(jobSchedules.name, name));
}
