import {
  OPERATOR_MAX_LOCKS,
  OPERATOR_QUEUE_LIMIT,
  type TOperatorQueueItem,
  type TOperatorQueueResponse,
} from "@velvet/shared/api/operator";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { queryRows } from "../../platform/db/client";
import { likePrefixPattern } from "../../platform/db/like-pattern";
import type { SessionUser } from "../../platform/members/types";
import type { PresentationContext } from "../profiles";
import { lockFromRow, locksHeldBy } from "./lock-queries";
import { operatorPolicy } from "./policy";
import { cardColumns, cardFromRow, presentationContext, presentLock } from "./presenter";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `member`: a member's uuid, or the start of their username (case-insensitive). */
function memberFilter(member: string | undefined): SQL {
  if (!member) return sql`true`;
  if (UUID.test(member)) return sql`member.uuid = ${member.toLowerCase()}::uuid`;
  const pattern = likePrefixPattern(member.toLowerCase());
  return sql`lower(member.username) like ${pattern}`;
}

/** The member paid lately: credits bought in the last 30 days, or a running pass or VIP. */
const payingSql = sql.raw(`(coalesce(member.unlimited_until > now(), false) or coalesce(member.vip_until > now(), false)
  or exists (select 1 from payments paid where paid.user_id = member.id and paid.status = 'paid'
    and paid.paid_at > now() - interval '30 days'))`);

/**
 * The queue's rows: conversations waiting for a fictional profile's answer
 * (the member wrote last). Found from the fictional side's
 * conversation_members row: a member's message raises its unread count and an
 * operator's reply reads them, so the partial unread index holds just the
 * candidates; the last message is then checked exactly. Blocked pairs and
 * departed members are left out: nobody can answer them. The order is
 * compareQueueEntries' (packages/shared/src/operator/queue-order.ts): texts
 * before winks and likes, then by the minute the wait began, paying members
 * first at equal wait, then the exact moment and the uuid.
 */
export function queueRowsSql(where: SQL, limit: number): SQL {
  return sql`select c.id as conversation_id, c.uuid as conversation_uuid, count(*) over () as total, fm.unread_count,
        ${sql.raw(cardColumns("member"))}, ${sql.raw(cardColumns("profile"))},
        last.type as last_type, last.text as last_text, last.created_at as last_created_at,
        waiting.since as waiting_since,
        extract(epoch from (now() - waiting.since))::float8 as waiting_seconds,
        waiting.unanswered, waiting.wrote_text, ${payingSql} as paying,
        l.operator_id, holder.uuid as operator_uuid, holder.username as operator_username, l.expires_at,
        extract(epoch from (l.expires_at - now()))::float8 as seconds_left
      from conversation_members fm
      join users profile on profile.id = fm.user_id and profile.is_fictional
      join users member on member.id = fm.partner_id and not member.is_fictional
        and member.deleted_at is null and member.deactivated_at is null and member.suspended_at is null
      join conversations c on c.id = fm.conversation_id
      join messages last on last.id = c.last_message_id and last.from_id = member.id
      cross join lateral (
        select min(w.created_at) as since, count(*) as unanswered,
          coalesce(bool_or(w.type not in ('wink', 'like')), false) as wrote_text
        from messages w
        where w.conversation_id = c.id and w.from_id = member.id
          and w.id > coalesce((select max(r.id) from messages r
            where r.conversation_id = c.id and r.from_id = profile.id), 0)
      ) waiting
      left join conversation_locks l on l.conversation_id = c.id and l.expires_at > now()
      left join users holder on holder.id = l.operator_id
      where fm.unread_count > 0
        and ${where}
        and not exists (select 1 from interactions b where b.kind = 'block'
          and ((b.from_user_id = member.id and b.to_user_id = profile.id)
            or (b.from_user_id = profile.id and b.to_user_id = member.id)))
      order by waiting.wrote_text desc, floor(extract(epoch from waiting.since) / 60) asc, paying desc,
        date_trunc('milliseconds', waiting.since) asc, c.uuid asc
      limit ${limit}`;
}

/** A queue row as the console shows it; `viewerId` decides `lock.mine` (null: nobody's, for the pushed feed). */
export function presentQueueRow(
  row: Record<string, unknown>,
  presentation: PresentationContext,
  viewerId: number | null,
): TOperatorQueueItem {
  return {
    conversation_uuid: row.conversation_uuid as string,
    member: cardFromRow(row, "member", presentation),
    profile: cardFromRow(row, "profile", presentation),
    last_message: {
      type: row.last_type as string,
      text: (row.last_text as string | null) ?? null,
      created_at: new Date(row.last_created_at as string | Date).toISOString(),
    },
    waiting_since: new Date(row.waiting_since as string | Date).toISOString(),
    waiting_seconds: Math.max(0, Math.floor(Number(row.waiting_seconds))),
    unanswered_count: Number(row.unanswered),
    wrote_text: Boolean(row.wrote_text),
    paying: Boolean(row.paying),
    lock:
      row.operator_id === null || row.operator_id === undefined
        ? null
        : presentLock(
            lockFromRow({
              conversation_uuid: row.conversation_uuid as string,
              operator_id: row.operator_id,
              operator_uuid: row.operator_uuid as string,
              operator_username: row.operator_username as string,
              expires_at: row.expires_at as string | Date,
              seconds_left: row.seconds_left,
            }),
            viewerId ?? 0,
          ),
  };
}

/**
 * GET /api/operator/queue: the waiting conversations the caller may answer, in the queue's order, at most 100.
 */
export async function operatorQueue(
  context: AppContext,
  operator: SessionUser,
  filters: { profile?: string | undefined; member?: string | undefined },
): Promise<TOperatorQueueResponse> {
  const { db } = context.database;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    queueRowsSql(
      sql`${filters.profile ? sql`profile.uuid = ${filters.profile}::uuid` : sql`true`}
        and ${memberFilter(filters.member)}
        and ${operatorPolicy.answerableBySql(operator, "profile")}`,
      OPERATOR_QUEUE_LIMIT,
    ),
  );
  const presentation = presentationContext(context);
  const data = rows.map((row) => presentQueueRow(row, presentation, operator.id));
  const held = await locksHeldBy(db, operator.id);
  return {
    data,
    meta: {
      total: rows[0] ? Number(rows[0].total) : 0,
      my_locks: held.map((lock) => presentLock(lock, operator.id)),
      max_locks: OPERATOR_MAX_LOCKS,
    },
  };
}
