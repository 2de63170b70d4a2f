import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq, isNull, lte, max, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { conversationMembers, messages } from "../../platform/db/schema/conversations";
import type { SessionUser, UserRow } from "../../platform/members/types";
import { readConversationNotifications } from "../notifications";
import { recordRealtimeEvent } from "../realtime";
import { publishUnreadCount } from "./message-writer";
import { conversationPolicy } from "./policy";

const memberRow = (conversationId: number, userId: number) =>
  and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId));

/**
 * Marks the messages the viewer received, up to `upToId`, as read: the sender
 * sees the read ticks (message.read on the conversation channel) and the
 * viewer's unread count follows in every tab.
 */
export async function markRead(context: AppContext, viewer: SessionUser, uuid: string, upToId: number) {
  const { db } = context.database;
  const { conversation } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  const changed = await db.transaction((tx) => markReadInTransaction(tx, viewer, conversation, upToId));
  if (changed !== null) context.realtimeEvents.kick();
  return { up_to_id: changed };
}

/**
 * markRead inside the caller's transaction (an operator's reply reads the
 * member's messages as the fictional profile in the transaction that answers
 * them). Answers the last id marked, or null when nothing was unread; the
 * caller kicks real-time delivery after commit.
 */
export async function markReadInTransaction(
  tx: Db,
  viewer: Pick<UserRow, "id" | "uuid">,
  conversation: { id: number; uuid: string },
  upToId: number,
): Promise<number | null> {
  // The membership row is locked first, so a message arriving meanwhile is counted exactly once.
  const [member] = await tx
    .select({ clearedUpToId: conversationMembers.clearedUpToId })
    .from(conversationMembers)
    .where(memberRow(conversation.id, viewer.id))
    .for("update");
  if (!member) return null;
  const readAt = new Date();
  const marked = await tx
    .update(messages)
    .set({ readAt })
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.toId, viewer.id),
        isNull(messages.readAt),
        lte(messages.id, upToId),
      ),
    )
    .returning({ id: messages.id });
  if (marked.length === 0) return null;
  const upTo = Math.max(...marked.map((row) => row.id));
  const [state] = await tx
    .update(conversationMembers)
    .set({
      unreadCount: sql`(select count(*) from ${messages}
        where ${messages.conversationId} = ${conversation.id} and ${messages.toId} = ${viewer.id}
          and ${messages.readAt} is null and ${messages.id} > ${member.clearedUpToId})`,
    })
    .where(memberRow(conversation.id, viewer.id))
    .returning({ unreadCount: conversationMembers.unreadCount });
  // Nothing left unread here: the conversation's item in the bell is read as well.
  if (state?.unreadCount === 0) await readConversationNotifications(tx, viewer, conversation.uuid);
  await recordRealtimeEvent(
    tx,
    realtimeChannels.conversation(conversation.uuid),
    realtimeEvents.messageRead,
    {
      conversation_uuid: conversation.uuid,
      read_at: readAt.toISOString(),
      up_to_message_id: upTo,
      reader_uuid: viewer.uuid,
    },
    [viewer.id],
  );
  await publishUnreadCount(tx, viewer);
  return upTo;
}

export async function setStar(context: AppContext, viewer: SessionUser, uuid: string, starred: boolean) {
  const { db } = context.database;
  const { conversation } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  await db.update(conversationMembers).set({ starred }).where(memberRow(conversation.id, viewer.id));
  return { star: starred };
}

/**
 * Deletes the conversation for the viewer only: its messages so far disappear
 * from their list and history (the partner keeps theirs); a new message brings
 * the conversation back with only what came after.
 */
export async function hideConversation(context: AppContext, viewer: SessionUser, uuid: string) {
  const { db } = context.database;
  const { conversation } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  await db.transaction(async (tx) => {
    // Locked first, so a message arriving meanwhile is either hidden with the rest or shown and counted.
    await tx.select().from(conversationMembers).where(memberRow(conversation.id, viewer.id)).for("update");
    const [newest] = await tx
      .select({ id: max(messages.id) })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id));
    await tx
      .update(conversationMembers)
      .set({ clearedUpToId: Number(newest?.id ?? 0), unreadCount: 0, starred: false })
      .where(memberRow(conversation.id, viewer.id));
    await readConversationNotifications(tx, viewer, conversation.uuid);
    await publishUnreadCount(tx, viewer);
  });
  context.realtimeEvents.kick();
}
