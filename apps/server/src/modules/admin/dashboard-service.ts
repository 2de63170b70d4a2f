import type { TAdminDashboard } from "@velvet/shared/api/admin-members";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { queryRows } from "../../platform/db/client";
import type { SessionUser } from "../../platform/members/types";
import { operatorQueue } from "../operator";

/**
 * The figures an admin opens the day with. Counts real members only: fictional profiles are the
 * product's own, and operators and admins are staff, whatever else their roles say.
 */
export async function adminDashboard(context: AppContext, admin: SessionUser): Promise<TAdminDashboard> {
  const { db } = context.database;
  const timezone = context.config.siteTimezone;
  const startOfToday = sql`(date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone})`;
  const realMember = sql.raw(`not is_fictional and not (roles && array['admin', 'operator']::text[])`);
  const [[counts], revenue, queue] = await Promise.all([
    queryRows<{ total: number; registered_today: number; active_today: number; messages_today: number }>(
      db,
      sql`select
          (select count(*)::int from users where ${realMember} and deleted_at is null) as total,
          (select count(*)::int from users where ${realMember} and created_at >= ${startOfToday}) as registered_today,
          (select count(*)::int from users where ${realMember} and last_active_at >= ${startOfToday}) as active_today,
          (select count(*)::int from messages where created_at >= ${startOfToday}) as messages_today`,
    ),
    queryRows<{ day: string; package_name: string; payments: number; cents: number }>(
      db,
      sql`select to_char(paid_at at time zone ${timezone}, 'YYYY-MM-DD') as day, package_name,
          count(*)::int as payments, sum(price_cents)::int as cents
        from payments
        where status = 'paid' and paid_at >= ${startOfToday} - interval '6 days'
        group by 1, 2 order by 1 desc, 2`,
    ),
    operatorQueue(context, admin, {}),
  ]);
  return {
    members: {
      total: counts?.total ?? 0,
      registered_today: counts?.registered_today ?? 0,
      active_today: counts?.active_today ?? 0,
    },
    messages_today: counts?.messages_today ?? 0,
    revenue,
    queue: { waiting: queue.meta.total, longest_wait_seconds: queue.data[0]?.waiting_seconds ?? 0 },
  };
}
