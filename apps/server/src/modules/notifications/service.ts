import type { NotificationActionType } from "@velvet/shared/api/notifications";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/client";
import { notificationMutes, notifications } from "../../platform/db/schema";
import { recordRealtimeEvent } from "../realtime/outbox";
import { presentNotification } from "./presenter";

export interface NotificationParty {
  id: number;
  uuid: string;
  username: string;
  /** Image shown beside the notification: the sender's primary photo or default avatar. */
  image: string;
}

/** What reaches a member by email when they are away (grouped in a digest, see email-digest.ts). */
export const EMAILED_ACTION_TYPES: ReadonlySet<NotificationActionType> = new Set([
  "MESSAGE_RECEIVED",
  "PROFILE_WINK",
  "USER_LIKE",
]);

/**
 * The one way notifications are made. Inside the caller's transaction: the
 * row and the NEW_NOTIFICATION event, which goes out only after commit. A
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
  // One statement: nothing is written when the member muted the sender (this runs on every message sent).
  const [row] = await queryRows<{ id: number | string }>(
    tx,
    sql`insert into ${notifications} (user_id, from_user_id, action_type, data, email_due)
      select ${input.recipient.id}::bigint, ${input.from.id}::bigint, ${input.actionType}::text,
        ${JSON.stringify(data)}::jsonb, ${EMAILED_ACTION_TYPES.has(input.actionType)}::boolean
      where not exists (select 1 from ${notificationMutes}
        where ${notificationMutes.userId} = ${input.recipient.id} and ${notificationMutes.mutedUserId} = ${input.from.id})
      returning id`,
  );
  if (!row) return;
  await recordRealtimeEvent(
    tx,
    realtimeChannels.notifications(input.recipient.uuid),
    realtimeEvents.newNotification,
    presentNotification({ id: Number(row.id), readAt: null, data }),
  );
}
