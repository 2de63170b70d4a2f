import { type SQL, sql } from "drizzle-orm";
import { users } from "../../platform/db/schema/members";
import { onlineNowSql } from "../profiles";

/**
 * Who a trigger may write to, and as whom. Written as SQL so the job's scan
 * and its claim (re-checked under the member's row lock) apply the very same
 * rules.
 */

/** A registration trigger never reaches further back than this, nor an inactive one: see docs/operator.md. */
export const TRIGGER_CATCH_UP_MS = 24 * 3_600_000;
/** The daily cap counts a member's trigger messages over this rolling window. */
export const TRIGGER_CAP_WINDOW_MS = 24 * 3_600_000;

export interface DueTrigger {
  id: number;
  event: string;
  delayMinutes: number;
  maxPerMember: number;
}

/** What a trigger counts from: the registration, or the member's last activity (the start of the inactive spell). */
export function occurrenceColumn(trigger: Pick<DueTrigger, "event">): SQL {
  return trigger.event === "registered" ? sql.raw(`u.created_at`) : sql.raw(`u.last_active_at`);
}

/**
 * Real members only (never a fictional profile, an operator or admin, or a
 * payment-provider review account), still with us, for whom the trigger's
 * moment has come (within the catch-up window), who have not had it for this
 * occurrence, and who are under both the trigger's own limit and the daily
 * cap. Reads the member as `u`.
 */
export function dueMemberSql(trigger: DueTrigger, now: Date, dailyLimit: number): SQL {
  const occurrence = occurrenceColumn(trigger);
  const dueBy = new Date(now.getTime() - trigger.delayMinutes * 60_000);
  const earliest = new Date(dueBy.getTime() - TRIGGER_CATCH_UP_MS);
  const capSince = new Date(now.getTime() - TRIGGER_CAP_WINDOW_MS);
  return sql`not u.is_fictional
    and not (u.roles && array['operator', 'admin']::text[])
    and not u.is_review_account
    and u.deleted_at is null and u.deactivated_at is null and u.suspended_at is null
    and ${occurrence} <= ${dueBy.toISOString()}::timestamptz
    and ${occurrence} > ${earliest.toISOString()}::timestamptz
    and not exists (select 1 from trigger_deliveries d
      where d.trigger_id = ${trigger.id} and d.member_id = u.id and d.occurrence_at = ${occurrence})
    and (select count(*) from trigger_deliveries d
      where d.trigger_id = ${trigger.id} and d.member_id = u.id) < ${trigger.maxPerMember}
    and (select count(*) from trigger_deliveries d
      where d.member_id = u.id and d.sent_at > ${capSince.toISOString()}::timestamptz) < ${dailyLimit}`;
}

/** The pair's conversation, found through the pair index; `profile` is the users row being chosen. */
function pairConversation(memberId: number): SQL {
  return sql`least(c.initiator_id, c.recipient_id) = least(${memberId}::bigint, ${users.id})
    and greatest(c.initiator_id, c.recipient_id) = greatest(${memberId}::bigint, ${users.id})`;
}

/** A fictional profile still in service that neither blocked the member nor was blocked by them. */
function usableProfileSql(memberId: number): SQL {
  return sql`${users.isFictional} and ${users.deletedAt} is null and ${users.deactivatedAt} is null
    and not exists (select 1 from interactions b where b.kind = 'block'
      and ((b.from_user_id = ${memberId} and b.to_user_id = ${users.id})
        or (b.from_user_id = ${users.id} and b.to_user_id = ${memberId})))`;
}

/**
 * The trigger's own profile, unless an operator has something to do in the
 * pair's conversation: the member wrote last (they are in the queue, and a
 * trigger would push them out of it) or an operator holds it right now.
 */
export function namedProfileSql(memberId: number, profileId: number): SQL {
  return sql`${users.id} = ${profileId} and ${usableProfileSql(memberId)}
    and not exists (select 1 from conversations c join messages last on last.id = c.last_message_id
      where ${pairConversation(memberId)} and last.from_id = ${memberId})
    and not exists (select 1 from conversations c join conversation_locks l on l.conversation_id = c.id
      where ${pairConversation(memberId)} and l.expires_at > now())`;
}

/**
 * A random profile for the member: online now, of the gender they are
 * seeking and seeking theirs, and a new contact (no conversation yet), so a
 * trigger always opens a conversation rather than talking over one.
 */
export function randomProfileSql(
  member: { id: number; gender: string; seeking: string },
  now: Date,
  hour: number,
): SQL {
  return sql`${usableProfileSql(member.id)}
    and (${member.seeking} = 'both' or ${users.gender} = ${member.seeking})
    and ${users.seeking} in (${member.gender}, 'both')
    and ${onlineNowSql(now.getTime(), hour)}
    and not exists (select 1 from conversations c where ${pairConversation(member.id)})`;
}
