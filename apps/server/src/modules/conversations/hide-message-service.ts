import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { messages } from "../../platform/db/schema/conversations";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { recordRealtimeEvent } from "../realtime";
import { conversationPolicy } from "./policy";

/**
 * Deletes one message for the viewer only: a message they sent or received disappears from their
 * history, list preview and catch-up, while the partner keeps their copy. Reached through the viewer's own
 * membership, so a conversation that is not theirs, or a message from another conversation, is a 404.
 * Hiding twice is harmless. Their other tabs hear it on the member's own channel, never the conversation's.
 */
export async function hideMessageForViewer(context: AppContext, viewer: SessionUser, uuid: string, messageId: number) {
  const { db } = context.database;
  const { conversation } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  const hidden = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({
        hiddenForSender: sql`${messages.hiddenForSender} or ${messages.fromId} = ${viewer.id}`,
        hiddenForRecipient: sql`${messages.hiddenForRecipient} or ${messages.toId} = ${viewer.id}`,
      })
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversation.id)))
      .returning({ id: messages.id });
    if (!row) return null;
    await recordRealtimeEvent(
      tx,
      realtimeChannels.notifications(viewer.uuid),
      realtimeEvents.messageHidden,
      {
        conversation_uuid: conversation.uuid,
        message_id: row.id,
      },
      [viewer.id],
    );
    return row;
  });
  if (!hidden) throw new AppError("not_found");
  context.realtimeEvents.kick();
  return { id: hidden.id, hidden: true as const };
}
