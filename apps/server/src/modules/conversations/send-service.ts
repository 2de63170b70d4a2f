import { messagingMessages, type TSendMessage } from "@velvet/shared/api/conversations";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { retryingAbortedTransaction } from "../../platform/db/retry-transaction";
import { messageImages, messages } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated, SessionUser, UserRow } from "../../platform/members/types";
import { hasUnlimitedPass } from "../credits";
import { findVisibleProfile } from "../profiles";
import { recordWink } from "../winks";
import { appendMessage, openConversation } from "./message-writer";
import { conversationPolicy } from "./policy";
import { presentMessage } from "./presenter";
import { loadMessage } from "./queries";

type Destination = { kind: "profile"; profileUuid: string } | { kind: "conversation"; conversationUuid: string };

/**
 * Sends a text, image or wink message, starting the conversation when writing
 * from a profile. Idempotent on client_id: a retry (even a concurrent one)
 * returns the first message and charges nothing more.
 */
export async function sendMessage(context: AppContext, auth: Authenticated, to: Destination, body: TSendMessage) {
  conversationPolicy.assertMaySend(auth);
  const sender = auth.user;
  const { db } = context.database;

  // A retry of a message that went through is answered with it, whatever changed since.
  const destination = await resolveDestination(db, sender, to, body.client_id);
  if (destination.earlierMessageId !== null) return answer(context, sender, destination.earlierMessageId);
  const { partner } = destination;
  const imageId = body.type === "image" && body.photo ? await unusedImageOf(db, sender.id, body.photo) : null;

  // Two members writing to each other at once can meet in a deadlock; PostgreSQL aborts one, which runs again.
  const written = await retryingAbortedTransaction(() =>
    db.transaction(async (tx) => {
      const conversation = destination.conversation ?? (await openConversation(tx, sender.id, partner.id));
      const result = await appendMessage(context, tx, {
        sender,
        partner,
        conversationId: conversation.id,
        conversationUuid: conversation.uuid,
        type: body.type,
        text: body.type === "text" ? (body.text ?? null) : null,
        imageId,
        clientId: body.client_id,
        chargeable: true,
        notifyRecipient: body.type !== "wink",
      });
      if (body.type === "wink" && !result.duplicate) await recordWink(context, tx, sender, partner);
      return result;
    }),
  );
  context.realtimeEvents.kick();
  // Answered from what the transaction wrote; only a concurrent duplicate is read back.
  if (!written.message || written.balance === undefined) return answer(context, sender, written.messageId);
  return {
    ...presentMessage(written.message, sender.id, context),
    sender: { credits: Math.max(0, written.balance), has_unli_message: written.senderHasPass ?? false },
  };
}

/** A retry (the message this client_id already sent), or where a new message goes. */
type ResolvedDestination =
  | { earlierMessageId: number }
  | {
      earlierMessageId: null;
      partner: UserRow | { id: number; uuid: string; isFictional: boolean };
      /** null when writing from a profile: the conversation is found or opened inside the transaction. */
      conversation: { id: number; uuid: string } | null;
    };

async function resolveDestination(
  db: Db,
  sender: SessionUser,
  to: Destination,
  clientId: string,
): Promise<ResolvedDestination> {
  if (to.kind === "profile") {
    const [earlier] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.fromId, sender.id), eq(messages.clientId, clientId)));
    if (earlier) return { earlierMessageId: earlier.id };
    // Blocked, deactivated, deleted, staff and unknown profiles all look the same: 404.
    return {
      partner: await findVisibleProfile(db, sender, to.profileUuid),
      conversation: null,
      earlierMessageId: null,
    };
  }
  // The conversation path (the hot one) checks membership, partner, block and the retry in one query.
  return conversationPolicy.writableConversation(db, sender.id, to.conversationUuid, clientId);
}

/** An image the sender uploaded and has not sent yet; anyone else's (or a used one) cannot be sent. */
async function unusedImageOf(db: Db, ownerId: number, uuid: string): Promise<number> {
  const [image] = await db
    .select({ id: messageImages.id })
    .from(messageImages)
    .where(
      and(
        eq(messageImages.uuid, uuid),
        eq(messageImages.ownerId, ownerId),
        sql`not exists (select 1 from ${messages} where ${messages.imageId} = ${messageImages.id})`,
      ),
    );
  if (!image) throw AppError.field("photo", messagingMessages.imageUnavailable);
  return image.id;
}

async function answer(context: AppContext, sender: SessionUser, messageId: number) {
  const { db } = context.database;
  const [message, [balance]] = await Promise.all([
    loadMessage(db, eq(messages.id, messageId)),
    db
      .select({ credits: users.credits, unlimitedUntil: users.unlimitedUntil })
      .from(users)
      .where(eq(users.id, sender.id)),
  ]);
  if (!message || !balance) throw new AppError("not_found");
  return {
    ...presentMessage(message, sender.id, context),
    sender: { credits: Math.max(0, balance.credits), has_unli_message: hasUnlimitedPass(balance) },
  };
}
