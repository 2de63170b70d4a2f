import { messagingMessages, type TMessageType } from "@velvet/shared/api/conversations";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { conversationMembers, conversations, messages } from "../../platform/db/schema/conversations";
import { NAMED_BY_TEXT, queryRowsPrepared } from "../../platform/db/statement-names";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { messagePriceSql, PASS_FREE_TYPES } from "../credits";
import { spendCredits } from "../ledger";
import { notify } from "../notifications";
import { notificationPartyWithPhoto } from "../profiles";
import { recordingEventsTogether, recordRealtimeEvent } from "../realtime";
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

/**
 * A reaction to a written message inside the writing transaction, so what it records (an outbox event) commits or
 * rolls back with the message. The operator module registers the queue's feed; registering here keeps
 * conversations from importing operator, which imports conversations.
 */
export type MessageAppendedHook = (
  context: AppContext,
  tx: Db,
  written: {
    conversationId: number;
    sender: SessionUser;
    messageId: number;
    /** Known when the writer read the partner's row (sending); undefined otherwise. */
    partnerIsFictional: boolean | undefined;
  },
) => Promise<void>;
const appendedHooks: MessageAppendedHook[] = [];

export function onMessageAppended(hook: MessageAppendedHook): void {
  if (!appendedHooks.includes(hook)) appendedHooks.push(hook);
}

export interface AppendMessage {
  sender: SessionUser;
  /** isFictional when the caller read it: the operator queue's hook then asks nothing about two real members. */
  partner: { id: number; uuid: string; isFictional?: boolean };
  conversationId: number;
  conversationUuid: string;
  type: TMessageType;
  text: string | null;
  imageId: number | null;
  clientId: string;
  /** Likes and winks from a profile page are free whatever the price list says. */
  chargeable: boolean;
  /** Likes and winks raise their own notification instead of MESSAGE_RECEIVED. */
  notifyRecipient: boolean;
  /** The operator writing as a fictional profile; recorded on the row, never presented to members. */
  operatorId?: number | null;
}

/**
 * Writes one message inside the caller's transaction: the idempotency check on
 * (sender, client_id), the charge (pass first, then a conditional spend that can
 * never take the balance below 0), the message, both members' list state, and
 * the real-time events (sent only after commit). Not enough credits throws 402
 * and the caller's transaction rolls everything back. Sending is the hottest
 * write there is, so each step asks the database for everything it needs at
 * once: the insert prices the message and returns the sender's photo, and one
 * statement moves the conversation and both members and counts the
 * recipient's unread messages.
 */
export function appendMessage(context: AppContext, tx: Db, input: AppendMessage): Promise<AppendedMessage> {
  // The events of a message (its own, the balance, the notification, the unread count, the operator queue) are
  // written as one statement at the end, not one insert each.
  return recordingEventsTogether(tx, () => writeMessage(context, tx, input));
}

interface AppendedMessage {
  messageId: number;
  duplicate: boolean;
  message?: MessageSource;
  balance?: number;
  senderHasPass?: boolean;
}

async function writeMessage(context: AppContext, tx: Db, input: AppendMessage): Promise<AppendedMessage> {
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
      price: messagePriceFor(input),
      operatorId: input.operatorId ?? null,
    })
    .onConflictDoNothing()
    .returning({
      id: messages.id,
      createdAt: messages.createdAt,
      price: messages.price,
      senderPhotoKey,
      senderHasPass,
    })
    // Planned once per connection, not with each message (its text changes only with the type and the price rule).
    .prepare(NAMED_BY_TEXT)
    .execute();
  if (!row) {
    // Either this client_id was sent before (a retry: answer with the first message), or the image is taken.
    const first = await messageByClientId(tx, input.sender.id, input.clientId);
    if (!first) throw AppError.field("photo", messagingMessages.imageUnavailable);
    return { messageId: first.id, duplicate: true };
  }
  let balance: number | undefined;
  if (row.price > 0) {
    balance = (await spendCredits(tx, input.sender.id, row.price, "message", `message:${row.id}`)) ?? undefined;
    if (balance === undefined) {
      throw new AppError("payment_required", messagingMessages.notEnoughCredits, {
        details: { credits_needed: row.price },
      });
    }
  }

  const recipientUnread = await moveConversationForward(tx, input, row);
  const message: MessageSource | undefined =
    input.imageId === null
      ? {
          id: row.id,
          clientId: input.clientId,
          conversationUuid: input.conversationUuid,
          fromId: input.sender.id,
          toId: input.partner.id,
          type: input.type,
          text: input.text,
          createdAt: row.createdAt,
          readAt: null,
          fromUuid: input.sender.uuid,
          fromUsername: input.sender.username,
          fromGender: input.sender.gender,
          fromPhotoKey: row.senderPhotoKey,
          imageKey: null,
          imageWidth: null,
          imageHeight: null,
        }
      : await loadMessage(tx, eq(messages.id, row.id));
  if (!message) throw new Error("message vanished inside its own transaction");
  await recordRealtimeEvent(
    tx,
    realtimeChannels.conversation(message.conversationUuid),
    realtimeEvents.messageCreated,
    presentMessage(message, null, context),
    [input.sender.id, input.partner.id],
  );
  if (input.notifyRecipient) {
    await notify(tx, {
      recipient: input.partner,
      from: notificationPartyWithPhoto(context, input.sender, row.senderPhotoKey),
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
  await publishUnreadCount(tx, input.partner, recipientUnread);
  for (const hook of appendedHooks) {
    await hook(context, tx, {
      conversationId: input.conversationId,
      sender: input.sender,
      messageId: row.id,
      partnerIsFictional: input.partner.isFictional,
    });
  }
  return {
    messageId: row.id,
    duplicate: false,
    message,
    senderHasPass: row.senderHasPass,
    ...(balance === undefined ? {} : { balance }),
  };
}

/**
 * What the message costs, decided by the database as it is written: whether
 * the sender's 24-hour pass covers it is read from their row in this very
 * statement, not from the member the request started with, so a pass bought a moment ago is never
 * charged for and an ended one never sends free.
 */
function messagePriceFor(input: AppendMessage): SQL<number> | number {
  if (!input.chargeable) return 0;
  if (!PASS_FREE_TYPES.has(input.type)) return messagePriceSql(input.type);
  return sql<number>`(case when ${passRunningFor(sql`${input.sender.id}`)} then 0
    else ${messagePriceSql(input.type)} end)`;
}

/** Whether the member's pass is running now (the transaction's clock). */
const passRunningFor = (memberId: SQL) =>
  sql<boolean>`coalesce((select u.unlimited_until > now() from users u where u.id = ${memberId}), false)`;

/** The same, for the response, read in the insert's RETURNING (the row's own from_id). */
const senderHasPass = passRunningFor(sql.raw(`"messages"."from_id"`));

/** The sender's approved primary photo, read in the insert's RETURNING (the row's own from_id). */
const senderPhotoKey = sql<string | null>`(select p.storage_key from photos p
  where p.user_id = ${sql.raw(`"messages"."from_id"`)} and p.is_primary and p.status = 'approved' limit 1)`;

/**
 * The new message becomes the conversation's last for both members and one
 * more unread for the recipient. Answers the recipient's unread messages over
 * all their conversations: the outer query still sees the rows as they were
 * before the updates (one snapshot), so this conversation's count is taken
 * from what its update returned.
 */
async function moveConversationForward(
  tx: Db,
  input: AppendMessage,
  message: { id: number; createdAt: Date },
): Promise<number> {
  const at = message.createdAt.toISOString();
  const rows = await queryRowsPrepared<{ conversation_unread: number | null; other_unread: string }>(
    tx,
    sql`with moved_conversation as (
      update conversations set last_message_id = ${message.id}, updated_at = ${at}
      where id = ${input.conversationId}
    ), moved_sender as (
      update conversation_members set last_message_id = ${message.id}, last_message_at = ${at}
      where conversation_id = ${input.conversationId} and user_id = ${input.sender.id}
    ), moved_recipient as (
      update conversation_members
      set last_message_id = ${message.id}, last_message_at = ${at},
        unread_count = unread_count + 1, received_count = received_count + 1
      where conversation_id = ${input.conversationId} and user_id = ${input.partner.id}
      returning unread_count
    )
    select (select unread_count from moved_recipient) as conversation_unread,
      (select coalesce(sum(unread_count), 0) from conversation_members
        where user_id = ${input.partner.id} and unread_count > 0 and conversation_id <> ${input.conversationId})
        as other_unread`,
  );
  const counts = rows[0];
  if (!counts || counts.conversation_unread === null) {
    throw new Error("conversation without its recipient's membership");
  }
  return Number(counts.conversation_unread) + Number(counts.other_unread);
}

/** The member's unread messages over all conversations (spec §3 unread_messages_count). */
export async function unreadMessagesCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`coalesce(sum(${conversationMembers.unreadCount}), 0)` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), sql`${conversationMembers.unreadCount} > 0`));
  return Number(row?.count ?? 0);
}

/** `known`: the count when the caller has just worked it out in its own statement. */
export async function publishUnreadCount(tx: Db, member: { id: number; uuid: string }, known?: number): Promise<void> {
  await recordRealtimeEvent(
    tx,
    realtimeChannels.notifications(member.uuid),
    realtimeEvents.unreadMessages,
    {
      unread_messages_count: known ?? (await unreadMessagesCount(tx, member.id)),
    },
    [member.id],
  );
}
