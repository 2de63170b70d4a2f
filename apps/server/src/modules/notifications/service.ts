import type { NotificationActionType } from "@velvet/shared/api/notifications";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import type { Db } from "../../platform/db/client";
import { notifications } from "../../platform/db/schema";
import { recordRealtimeEvent } from "../realtime/outbox";
import { presentNotification } from "./presenter";

export interface NotificationParty {
  id: number;
  uuid: string;
  username: string;
  /** Image shown beside the notification: the sender's primary photo or default avatar. */
  image: string;
}

/**
 * The one way notifications are made (issue 5; the notifications issue adds
 * mute, list and email). Inside the caller's transaction: the row and the
 * NEW_NOTIFICATION event, which goes out only after commit.
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
  const [row] = await tx
    .insert(notifications)
    .values({ userId: input.recipient.id, fromUserId: input.from.id, actionType: input.actionType, data })
    .returning();
  if (!row) return;
  await recordRealtimeEvent(
    tx,
    realtimeChannels.notifications(input.recipient.uuid),
    realtimeEvents.newNotification,
    presentNotification(row),
  );
}
