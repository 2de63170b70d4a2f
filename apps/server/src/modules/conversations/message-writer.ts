import { messagingMessages, type TMessageType } from "@velvet/shared/api/conversations";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { conversationMembers, conversations, messages } from "../../platform/db/schema";
import { AppError } from "../../platform/http/app-error";
import type { UserRow } from "../auth/session-service";
import { spendCredits } from "../credits/ledger";
import { hasUnlimitedPass, PASS_FREE_TYPES } from "../credits/pass";
import { messagePrice } from "../credits/prices";
import { notify } from "../notifications/service";
import { notificationParty } from "../profiles/service";
import { recordRealtimeEvent } from "../realtime/outbox";
import { type MessageSource, presentMessage } from "./presenter";
import { loadMessage, messageByClientId } from "./queries";

/**
 * The conversation of a pair, created on first contact. Two first messages at
 * once meet at the pair's unique index: the second waits for the first to
 * commit and then finds its conversation.
 */
export async function openConversation(tx: Db, initiatorId: number, recipientId: number) {
  const [created] = await tx
    .insert(conversations)
    .values({ initiatorId, recipientId })
    .onConflictDoNothing()
    .returning({ id: conversations.id, uuid: conversations.uuid });
  if (created) {
    await tx.insert(conversationMembers).values([
      { conversationId: created.id, userId: initiatorId, partnerId: recipientId },
      { conversationId: created.id, userId: recipientId, partnerId: initiatorId },
    ]);
    return created;
  }
  const [existing] = await tx
    .select({ id: conversations.id, uuid: conversations.uuid })
    .from(conversations)
    .where(
      sql`least(${conversations.initiatorId}, ${conversations.recipientId}) = ${Math.min(initiatorId, recipientId)}
        and greatest(${conversations.initiatorId}, ${conversations.recipientId}) = ${Math.max(initiatorId, recipientId)}`,
    );
  if (!existing) throw new Error("conversation vanished between insert and select");
  return existing;
}

export interface AppendMessage {
  sender: UserRow;
  partner: { id: number; uuid: string };
  conversationId: number;
  type: TMessageType;
  text: string | null;
  imageId: number | null;
  clientId: string;
  /** Likes and winks from a profile page are free whatever the price list says. */
  chargeable: boolean;
  /** Likes and winks raise their own notification instead of MESSAGE_RECEIVED. */
  notifyRecipient: boolean;
}

/**
 * Writes one message inside the caller's transaction: the idempotency check on
 * (sender, client_id), the charge (pass first, then a conditional spend that can
 * never take the balance below 0), the message, both members' list state, and
 * the real-time events (sent only after commit). Not enough credits throws 402
 * and the caller's transaction rolls everything back.
 */
export async function appendMessage(
  context: AppContext,
  tx: Db,
  input: AppendMessage,
): Promise<{ messageId: number; duplicate: boolean; message?: MessageSource; balance?: number }> {
  const free = !input.chargeable || (hasUnlimitedPass(input.sender) && PASS_FREE_TYPES.has(input.type));
  const price = free ? 0 : await messagePrice(tx, input.type);
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      fromId: input.sender.id,
      toId: input.partner.id,
      type: input.type,
      text: input.text,
      imageId: input.imageId,
      clientId: input.clientId,
      price,
    })
    .onConflictDoNothing()
    .returning({ id: messages.id, createdAt: messages.createdAt });
  if (!row) {
    // Either this client_id was sent before (a retry: answer with the first message), or the image is taken.
    const first = await messageByClientId(tx, input.sender.id, input.clientId);
    if (!first) throw AppError.field("photo", messagingMessages.imageUnavailable);
    return { messageId: first.id, duplicate: true };
  }
  let balance: number | undefined;
  if (price > 0) {
    balance = (await spendCredits(tx, input.sender.id, price, "message", `message:${row.id}`)) ?? undefined;
    if (balance === undefined) {
      throw new AppError("payment_required", messagingMessages.notEnoughCredits, {
        details: { credits_needed: price },
      });
    }
  }

  await tx
    .update(conversations)
    .set({ lastMessageId: row.id, updatedAt: row.createdAt })
    .where(eq(conversations.id, input.conversationId));
  await tx
    .update(conversationMembers)
    .set({ lastMessageId: row.id, lastMessageAt: row.createdAt })
    .where(
      and(
        eq(conversationMembers.conversationId, input.conversationId),
        eq(conversationMembers.userId, input.sender.id),
      ),
    );
  const [recipientState] = await tx
    .update(conversationMembers)
    .set({
      lastMessageId: row.id,
      lastMessageAt: row.createdAt,
      unreadCount: sql`${conversationMembers.unreadCount} + 1`,
      receivedCount: sql`${conversationMembers.receivedCount} + 1`,
    })
    .where(
      and(
        eq(conversationMembers.conversationId, input.conversationId),
        eq(conversationMembers.userId, input.partner.id),
      ),
    )
    .returning({ userId: conversationMembers.userId });
  if (!recipientState) throw new Error("conversation without its recipient's membership");

  const message = await loadMessage(tx, eq(messages.id, row.id));
  if (!message) throw new Error("message vanished inside its own transaction");
  await recordRealtimeEvent(
    tx,
    realtimeChannels.conversation(message.conversationUuid),
    realtimeEvents.messageCreated,
    presentMessage(message, null, context),
  );
  if (input.notifyRecipient) {
    await notify(tx, {
      recipient: input.partner,
      from: await notificationParty(context, tx, input.sender),
      actionType: "MESSAGE_RECEIVED",
      extra: {
        message: {
          type: input.type,
          text: input.text ?? "",
          from: { username: input.sender.username, uuid: input.sender.uuid },
          conversation: { uuid: message.conversationUuid },
        },
      },
    });
  }
  await publishUnreadCount(tx, input.partner);
  return { messageId: row.id, duplicate: false, message, ...(balance === undefined ? {} : { balance }) };
}

/** The member's unread messages over all conversations (spec §3 unread_messages_count). */
export async function unreadMessagesCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`coalesce(sum(${conversationMembers.unreadCount}), 0)` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), sql`${conversationMembers.unreadCount} > 0`));
  return Number(row?.count ?? 0);
}

export async function publishUnreadCount(tx: Db, member: { id: number; uuid: string }): Promise<void> {
  await recordRealtimeEvent(tx, realtimeChannels.notifications(member.uuid), realtimeEvents.unreadMessages, {
    unread_messages_count: await unreadMessagesCount(tx, member.id),
  });
}
