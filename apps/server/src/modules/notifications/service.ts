import type { NotificationActionType } from "@velvet/shared/api/notifications";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/client";
import { notificationMutes, notifications } from "../../platform/db/schema/notifications";
import { pushSubscriptions } from "../../platform/db/schema/push";
import { queryRowsPrepared } from "../../platform/db/statement-names";
import { queuePush } from "../push";
import { recordRealtimeEvent } from "../realtime";
import { presentNotification } from "./presenter";

export interface NotificationParty {
  id: number;
  uuid: string;
  username: string;
  /** Image shown beside the notification: the sender's primary photo or default avatar. */
  image: string;
}

/**
 * What may reach a member by email when they are away (grouped in a digest, see email-digest.ts): every kind the
 * notification settings name; the digest leaves out the kinds the member turned off.
 */
export const EMAILED_ACTION_TYPES: ReadonlySet<NotificationActionType> = new Set([
  "MESSAGE_RECEIVED",
  "PROFILE_WINK",
  "USER_LIKE",
  "USER_FAVORITE",
  "PROFILE_VIEW",
]);

/**
 * The one way notifications are made. Inside the caller's transaction: the
 * row, the NEW_NOTIFICATION event and the Web Push job, which go out only after commit. A
 * sender the member muted creates nothing.
 */
export async function notify(
  tx: Db,
  input: {
    recipient: { id: number; uuid: string };
    from: NotificationParty;
    actionType: NotificationActionType;
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  const data = {
    timestamp: Math.floor(Date.now() / 1000),
    action_type: input.actionType,
    from_user_name: input.from.username,
    from_user_uuid: input.from.uuid,
    image: input.from.image,
    ...input.extra,
  };
  const conversationUuid = messageConversation(input);
  const notMuted = sql`not exists (select 1 from ${notificationMutes}
        where ${notificationMutes.userId} = ${input.recipient.id} and ${notificationMutes.mutedUserId} = ${input.from.id})`;
  // One statement: nothing is written when the member muted the sender (this runs on every message sent).
  // A message replaces the conversation's earlier message item (one bell item per conversation, with
  // the count of messages not yet read and the latest one), so it comes back to the top with a new id. Writers
  // into one conversation hold its row lock, so two messages never both miss the item the other wrote.
  // Whether the recipient has a browser subscribed for Web Push, asked in the same statement (most have none).
  const pushSubscribed = sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${input.recipient.id})`;
  // Sent as a prepared statement named after its text: planned once per connection, not with each message.
  const [row] = await queryRowsPrepared<{
    id: number | string;
    data: Record<string, unknown>;
    push_subscribed: boolean;
  }>(
    tx,
    conversationUuid
      ? sql`with previous as (
          delete from ${notifications}
          where ${notifications.userId} = ${input.recipient.id} and ${notifications.actionType} = 'MESSAGE_RECEIVED'
            and ${notifications.data} #>> '{message,conversation,uuid}' = ${conversationUuid} and ${notMuted}
          returning ${notifications.readAt} as read_at, coalesce((${notifications.data} ->> 'count')::int, 1) as count
        )
        insert into ${notifications} (user_id, from_user_id, action_type, data, email_due)
        select ${input.recipient.id}::bigint, ${input.from.id}::bigint, ${input.actionType}::text,
          ${JSON.stringify(data)}::jsonb || jsonb_build_object('count',
            1 + coalesce((select sum(count) from previous where read_at is null), 0)::int),
          ${EMAILED_ACTION_TYPES.has(input.actionType)}::boolean
        where ${notMuted}
        returning id, data, ${pushSubscribed} as push_subscribed`
      : sql`insert into ${notifications} (user_id, from_user_id, action_type, data, email_due)
        select ${input.recipient.id}::bigint, ${input.from.id}::bigint, ${input.actionType}::text,
          ${JSON.stringify(data)}::jsonb, ${EMAILED_ACTION_TYPES.has(input.actionType)}::boolean
        where ${notMuted}
        returning id, data, ${pushSubscribed} as push_subscribed`,
  );
  if (!row) return;
  await queuePush(tx, {
    notificationId: Number(row.id),
    recipientId: input.recipient.id,
    subscribed: row.push_subscribed,
  });
  await recordRealtimeEvent(
    tx,
    realtimeChannels.notifications(input.recipient.uuid),
    realtimeEvents.newNotification,
    presentNotification({ id: Number(row.id), readAt: null, data: row.data }),
    [input.recipient.id, input.from.id],
  );
}

/** The conversation a message notification is about; likes, winks, favourites and visits stay items of their own. */
function messageConversation(input: { actionType: NotificationActionType; extra?: Record<string, unknown> }) {
  if (input.actionType !== "MESSAGE_RECEIVED") return null;
  const message = input.extra?.message as { conversation?: { uuid?: unknown } } | undefined;
  const uuid = message?.conversation?.uuid;
  return typeof uuid === "string" ? uuid : null;
}

/**
 * The member read a conversation (or deleted it for themselves): its message item in the bell is read too, in the
 * caller's transaction, and every open tab is told the new unread count after commit (NotificationsRead).
 */
export async function readConversationNotifications(
  tx: Db,
  member: { id: number; uuid: string },
  conversationUuid: string,
): Promise<void> {
  const marked = await queryRows<{ id: number | string }>(
    tx,
    sql`update ${notifications} set read_at = now()
      where ${notifications.userId} = ${member.id} and ${notifications.readAt} is null
        and ${notifications.actionType} = 'MESSAGE_RECEIVED'
        and ${notifications.data} #>> '{message,conversation,uuid}' = ${conversationUuid}
      returning id`,
  );
  if (marked.length === 0) return;
  const [unread] = await queryRows<{ count: number | string }>(
    tx,
    sql`select count(*) as count from ${notifications}
      where ${notifications.userId} = ${member.id} and ${notifications.readAt} is null`,
  );
  await recordRealtimeEvent(
    tx,
    realtimeChannels.notifications(member.uuid),
    realtimeEvents.notificationsRead,
    {
      unread_count: Number(unread?.count ?? 0),
    },
    [member.id],
  );
}
