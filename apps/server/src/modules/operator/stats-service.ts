import { operatorMessages, type TOperatorStats } from "@velvet/shared/api/operator";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { queryRows } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";

const MAX_DAYS = 92;
const DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

interface StatsRow extends Record<string, unknown> {
  operator_uuid: string;
  operator_username: string;
  day: string | null;
  replies: unknown;
  active_hours: unknown;
  median_seconds: unknown;
}

/**
 * Operator statistics over whole days of the site's calendar, per operator
 * and per operator and day, in one statement:
 * - replies: messages an operator wrote as a fictional profile;
 * - replies per hour: replies divided by the clock hours in which the
 *   operator sent at least one (hours worked, not hours in the range);
 * - median first-response time: for each reply that answers the member (the
 *   message before it is the member's), the time since the member's first
 *   message of that unanswered run; percentile_cont(0.5) over those.
 */
export async function operatorStats(
  context: AppContext,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<TOperatorStats> {
  const timeZone = context.config.siteTimezone;
  const to = range.to ?? todayInTimezone(timeZone);
  const from = range.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1 || days > MAX_DAYS) throw AppError.field("from", operatorMessages.statsRange);

  const rows = await queryRows<StatsRow>(
    context.database.db,
    sql`with bounds as (
        select (${from}::date)::timestamp at time zone ${timeZone} as starts,
          (${addDays(to, 1)}::date)::timestamp at time zone ${timeZone} as ends
      ), replies as (
        select r.id, r.operator_id, r.created_at, r.conversation_id from messages r, bounds
        where r.operator_id is not null and r.created_at >= bounds.starts and r.created_at < bounds.ends
      ), ordered as (
        select m.id, m.conversation_id, m.created_at, f.is_fictional as by_profile,
          lag(f.is_fictional) over (partition by m.conversation_id order by m.id) as previous_by_profile
        from messages m join users f on f.id = m.from_id, bounds
        where m.conversation_id in (select conversation_id from replies) and m.created_at < bounds.ends
      ), runs as (
        select ordered.*, max(case when not by_profile and previous_by_profile is distinct from false
            then created_at end)
          over (partition by conversation_id order by id rows between unbounded preceding and current row)
          as waiting_since
        from ordered
      ), answered as (
        select replies.operator_id, replies.created_at,
          (replies.created_at at time zone ${timeZone})::date::text as day,
          case when runs.previous_by_profile = false
            then extract(epoch from (replies.created_at - runs.waiting_since))::float8 end as response_seconds
        from replies join runs on runs.id = replies.id
      )
      select o.uuid as operator_uuid, o.username as operator_username,
        answered.day,
        count(*) as replies,
        count(distinct date_trunc('hour', answered.created_at at time zone ${timeZone})) as active_hours,
        percentile_cont(0.5) within group (order by answered.response_seconds) as median_seconds
      from answered join users o on o.id = answered.operator_id
      group by grouping sets ((o.uuid, o.username), (o.uuid, o.username, answered.day))
      order by o.username, answered.day nulls first`,
  );

  const present = (row: StatsRow) => {
    const replies = Number(row.replies);
    const activeHours = Number(row.active_hours);
    return {
      operator: { uuid: row.operator_uuid, username: row.operator_username },
      replies,
      active_hours: activeHours,
      replies_per_hour: activeHours > 0 ? Math.round((replies / activeHours) * 10) / 10 : 0,
      median_first_response_seconds:
        row.median_seconds === null || row.median_seconds === undefined ? null : Math.round(Number(row.median_seconds)),
    };
  };
  return {
    from,
    to,
    operators: rows.filter((row) => row.day === null).map(present),
    days: rows.filter((row) => row.day !== null).map((row) => ({ ...present(row), day: row.day as string })),
  };
}
