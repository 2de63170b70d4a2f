import { randomUUID } from "node:crypto";
import {
  OPERATOR_LOCK_SECONDS,
  operatorMessages,
  type TOperatorMessage,
  type ZOperatorReplyRequestSchema,
} from "@velvet/shared/api/operator";
import { describeContactWarning, findContactDetails } from "@velvet/shared/operator/contact-details";
import type { z } from "@velvet/shared/validation/z";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { type Db, queryRows } from "../../platform/db/client";
import { messageImages, messages } from "../../platform/db/schema/conversations";
import { photos } from "../../platform/db/schema/profiles";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { appendMessage, markReadInTransaction, messageImageFileKey } from "../conversations";
import { conversationMessages } from "./context-service";
import { currentLock } from "./lock-queries";
import { type FictionalConversation, operatorPolicy } from "./policy";
import { presentLock, presentOperatorMessage } from "./presenter";
import { recordQueueChanges } from "./queue-feed";

type ReplyBody = z.output<typeof ZOperatorReplyRequestSchema>;

/** The contact-details check, as the console shows it before sending. */
export function contactWarnings(text: string) {
  return findContactDetails(text).map((warning) => ({ ...warning, message: describeContactWarning(warning) }));
}

/**
 * An image from the fictional profile's approved photos, copied to where
 * conversation images live (private, signed URLs): a conversation image
 * belongs to exactly one message, and the profile's gallery file must stay
 * its own. Done before the transaction; should the transaction fail, the
 * copy is an unreferenced file and nothing more.
 */
async function copyProfilePhoto(context: AppContext, profile: SessionUser, photoUuid: string) {
  const [photo] = await context.database.db
    .select({ storageKey: photos.storageKey, width: photos.width, height: photos.height })
    .from(photos)
    .where(and(eq(photos.uuid, photoUuid), eq(photos.userId, profile.id), eq(photos.status, "approved")));
  const bytes = photo ? await context.storage.get(`${photo.storageKey}-large.webp`) : undefined;
  if (!photo || !bytes) throw AppError.field("photo_id", operatorMessages.photoUnavailable);
  const storageKey = `messages/${randomUUID()}`;
  await context.storage.put(messageImageFileKey(storageKey), bytes);
  return { storageKey, width: photo.width, height: photo.height };
}

/** The caller's live lock on the conversation, row-locked until commit, or 409. */
async function holdLockForWrite(tx: Db, conversationId: number, operatorId: number): Promise<void> {
  const [held] = await queryRows<{ id: unknown }>(
    tx,
    sql`select id from conversation_locks
      where conversation_id = ${conversationId} and operator_id = ${operatorId} and expires_at > now()
      for update`,
  );
  if (!held) throw new AppError("conflict", operatorMessages.lockRequired);
}

/**
 * The lock says who may write now; this says there is something to answer.
 * Once an operator has answered and handed the conversation back, the next
 * operator to take it finds the profile's answer last and may not answer the
 * same message again. Only the operator who wrote that last answer may add to
 * it (a follow-up line or photo).
 */
async function assertStillWaiting(tx: Db, target: FictionalConversation, operatorId: number): Promise<void> {
  const [last] = await queryRows<{ from_id: unknown; operator_id: unknown }>(
    tx,
    sql`select from_id, operator_id from messages where conversation_id = ${target.conversation.id}
      order by id desc limit 1`,
  );
  if (!last || Number(last.from_id) === target.member.id) return;
  if (last.operator_id !== null && Number(last.operator_id) === operatorId) return;
  throw new AppError("conflict", operatorMessages.alreadyAnswered);
}

async function presentWritten(context: AppContext, target: FictionalConversation, messageId: number) {
  const { messages: rows } = await conversationMessages(context.database.db, target.conversation.id, {
    after: messageId - 1,
    limit: 1,
  });
  const row = rows[0];
  if (!row || row.id !== messageId) throw new AppError("internal");
  return presentOperatorMessage(row, target.member.id, context);
}

/**
 * An operator answers as the fictional profile. The member receives it through
 * the same writer as any message (real time after commit, a MESSAGE_RECEIVED
 * notification, their unread count), with the profile as sender and nothing
 * of the operator in what they see; the profile is never charged. The
 * operator's lock is checked, row-locked, in the transaction that writes, so
 * a lock that ends meanwhile cannot be taken over until this commits, an
 * operator without the lock writes nothing, and one who takes it after an
 * answer finds nothing left to answer: two operators never answer the same
 * message. Answering also reads the member's messages as the profile
 * (the member sees the read ticks) and hands the conversation back, unless
 * `keep_lock` asks to keep it for a follow-up.
 */
export async function replyAsProfile(
  context: AppContext,
  operator: SessionUser,
  uuid: string,
  body: ReplyBody,
  ip: string,
): Promise<{ message: TOperatorMessage; lock: ReturnType<typeof presentLock> | null }> {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  const { profile, member, conversation } = target;

  // A retry of a reply that went through (its lock is gone by now) is answered with that reply.
  const [earlier] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.fromId, profile.id), eq(messages.clientId, body.client_id)));
  if (earlier) {
    const lock = await currentLock(db, conversation.id);
    return { message: await presentWritten(context, target, earlier.id), lock: lock && presentLock(lock, operator.id) };
  }

  const text = body.type === "text" ? (body.text ?? "") : null;
  if (text !== null && !body.confirm_warnings) {
    const warnings = contactWarnings(text);
    if (warnings.length > 0) {
      throw new AppError("validation", operatorMessages.contactDetails, {
        fields: { text: warnings.map((warning) => warning.message) },
      });
    }
  }
  await operatorPolicy.assertMayAnswer(db, operator, profile.id);
  await operatorPolicy.assertMayReply(db, target, operatorMessages.cannotReply);
  // Checked again, authoritatively, inside the transaction; this spares copying a photo for nothing.
  const lockNow = await currentLock(db, conversation.id);
  if (!lockNow || lockNow.operatorId !== operator.id) throw new AppError("conflict", operatorMessages.lockRequired);
  await assertStillWaiting(db, target, operator.id);
  const image = body.type === "image" && body.photo_id ? await copyProfilePhoto(context, profile, body.photo_id) : null;

  const written = await db.transaction(async (tx) => {
    await holdLockForWrite(tx, conversation.id, operator.id);
    // A lock taken before an admin assigned the profile to others no longer lets this operator write.
    await operatorPolicy.assertMayAnswer(tx, operator, profile.id);
    await assertStillWaiting(tx, target, operator.id);
    let imageId: number | null = null;
    if (image) {
      const [row] = await tx
        .insert(messageImages)
        .values({ ownerId: profile.id, ...image })
        .returning({ id: messageImages.id });
      imageId = row?.id ?? null;
    }
    const result = await appendMessage(context, tx, {
      sender: profile,
      partner: member,
      conversationId: conversation.id,
      conversationUuid: conversation.uuid,
      type: body.type,
      text,
      imageId,
      clientId: body.client_id,
      chargeable: false,
      notifyRecipient: true,
      operatorId: operator.id,
    });
    if (result.duplicate) return { messageId: result.messageId, keptLock: false };
    await markReadInTransaction(tx, profile, conversation, result.messageId);
    if (body.keep_lock) {
      await tx.execute(
        sql`update conversation_locks set expires_at = now() + make_interval(secs => ${OPERATOR_LOCK_SECONDS})
          where conversation_id = ${conversation.id}`,
      );
    } else {
      await tx.execute(sql`delete from conversation_locks where conversation_id = ${conversation.id}`);
    }
    await writeAudit(tx, {
      actorId: operator.id,
      action: "operator.reply",
      targetUserId: member.id,
      metadata: { conversation: uuid, profile: profile.uuid, message_id: result.messageId, type: body.type },
      ip,
    });
    // The conversation leaves the queue (and the hold ends, unless kept): every console hears it after commit.
    await recordQueueChanges(context, tx, [conversation.id]);
    return { messageId: result.messageId, keptLock: body.keep_lock };
  });
  context.realtimeEvents.kick();

  const lock = written.keptLock ? await currentLock(db, conversation.id) : null;
  return {
    message: await presentWritten(context, target, written.messageId),
    lock: lock && presentLock(lock, operator.id),
  };
}
