import type { TAdminJobKind } from "@velvet/shared/api/admin-jobs";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

/**
 * Per kind, the jobs waiting (not finished: due, running or retrying), failed for good and done, with each
 * scheduled kind's next run; kinds in alphabetical order. A kind with neither jobs nor a schedule is not listed.
 */
export async function jobCounts(db: Db): Promise<TAdminJobKind[]> {
  const rows = await queryRows<{ kind: string; waiting: number; failed: number; done: number; next_run_at: unknown }>(
    db,
    sql`select kinds.kind,
        coalesce(counts.waiting, 0)::int as waiting, coalesce(counts.failed, 0)::int as failed,
        coalesce(counts.done, 0)::int as done, s.next_run_at
      from (select kind from jobs union select name from job_schedules) kinds
      left join (
        select kind,
          count(*) filter (where completed_at is null and failed_at is null) as waiting,
          count(*) filter (where failed_at is not null) as failed,
          count(*) filter (where completed_at is not null) as done
        from jobs group by kind
      ) counts on counts.kind = kinds.kind
      left join job_schedules s on s.name = kinds.kind
      order by kinds.kind`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    waiting: Number(row.waiting),
    failed: Number(row.failed),
    done: Number(row.done),
    next_run_at: row.next_run_at === null ? null : new Date(row.next_run_at as string | Date).toISOString(),
  }));
}
