import type { TOperatorQueueChange } from "@velvet/shared/api/operator";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { type Db, queryRows } from "../../platform/db/client";
import { type MessageAppendedHook, onMessageAppended } from "../conversations";
import { recordRealtimeEvent, registerChannelRule } from "../realtime";
import { presentationContext, presentLock } from "./presenter";
import { presentQueueRow, queueRowsSql } from "./queue-service";

/*
 * The queue, pushed. Whatever moves a conversation in the operator queue (a member's message, a hold
 * taken, renewed or released, a reply) records `queue.changed` on private-operator.queue in its own
 * transaction (the outbox), so every open console hears of it right after commit, never of a change that rolled
 * back. Each change carries the conversation's whole entry, so a console applies it without asking again.
 */

const QUEUE_CHANNEL = realtimeChannels.operatorQueue();

/** Staff only, and never a session an operator opened as a member (impersonation). */
export function registerQueueFeed(): void {
  registerChannelRule(
    /^private-operator\.queue$/,
    async (_context, auth) =>
      auth.session.impersonatorId === null && auth.user.roles.some((role) => role === "operator" || role === "admin"),
  );
  onMessageAppended(memberWrote);
}

/** One function for every app built in this process (tests build many), so it is registered once. */
const memberWrote: MessageAppendedHook = async (context, tx, written) => {
  // A profile's own messages (a reply, a trigger) record their change where the hold changes too (reply-service).
  if (written.sender.isFictional) return;
  // Between two real members there is no queue entry to change (recordQueueChanges would find none): no query.
  if (written.partnerIsFictional === false) return;
  await recordQueueChanges(context, tx, [written.conversationId]);
};

/**
 * Records one `queue.changed` with the current state of the given conversations, read inside the caller's
 * transaction (so it includes the caller's own change). Conversations between two real members are left out;
 * nothing is recorded when none is left.
 */
export async function recordQueueChanges(context: AppContext, tx: Db, conversationIds: number[]): Promise<void> {
  if (conversationIds.length === 0) return;
  const ids = sql.join(
    conversationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const fictional = await queryRows<{
    id: unknown;
    uuid: string;
    member_id: unknown;
    assigned: string[] | null;
    operator_id: unknown;
    operator_uuid: string | null;
    operator_username: string | null;
    expires_at: Date | string | null;
    seconds_left: unknown;
  }>(
    tx,
    sql`select c.id, c.uuid, case when i.is_fictional then r.id else i.id end as member_id,
        (select json_agg(o.uuid order by o.uuid) from fictional_profile_operators a join users o on o.id = a.operator_id
          where a.profile_id = case when i.is_fictional then i.id else r.id end) as assigned,
        l.operator_id, holder.uuid as operator_uuid, holder.username as operator_username, l.expires_at,
        extract(epoch from (l.expires_at - now()))::float8 as seconds_left
      from conversations c
      join users i on i.id = c.initiator_id
      join users r on r.id = c.recipient_id
      left join conversation_locks l on l.conversation_id = c.id and l.expires_at > now()
      left join users holder on holder.id = l.operator_id
      where c.id in (${ids}) and i.is_fictional <> r.is_fictional`,
  );
  if (fictional.length === 0) return;
  const entries = await queryRows<Record<string, unknown>>(
    tx,
    queueRowsSql(sql`c.id in (${ids})`, conversationIds.length),
  );
  const presentation = presentationContext(context);
  const byUuid = new Map(
    entries.map((row) => [row.conversation_uuid as string, presentQueueRow(row, presentation, null)]),
  );
  const changes: TOperatorQueueChange[] = fictional.map((row) => ({
    conversation_uuid: row.uuid,
    entry: byUuid.get(row.uuid) ?? null,
    lock:
      row.operator_id === null || row.operator_id === undefined
        ? null
        : presentLock(
            {
              conversationUuid: row.uuid,
              operatorId: Number(row.operator_id),
              operatorUuid: row.operator_uuid ?? "",
              operatorUsername: row.operator_username ?? "",
              expiresAt: new Date(row.expires_at ?? 0),
              secondsLeft: Number(row.seconds_left),
            },
            0,
          ),
    assigned_operators: row.assigned ?? [],
  }));
  // The members the entries name (operators are named too, but an operator's own deletion keeps staff records).
  const memberIds = fictional.map((row) => Number(row.member_id));
  await recordRealtimeEvent(tx, QUEUE_CHANNEL, realtimeEvents.queueChanged, { changes }, memberIds);
}
