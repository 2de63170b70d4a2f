import { OPERATOR_HISTORY_PAGE, type TOperatorContext } from "@velvet/shared/api/operator";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { type Db, queryRows } from "../../platform/db/client";
import type { SessionUser, UserRow } from "../../platform/members/types";
import { hasUnlimitedPass, isVip } from "../credits";
import { approvedPhotos, presentProfile } from "../profiles";
import { currentLock } from "./lock-queries";
import { listNotes } from "./notes-service";
import { operatorPolicy } from "./policy";
import {
  cardColumns,
  cardFromRow,
  type OperatorMessageSource,
  presentationContext,
  presentLock,
  presentOperatorMessage,
} from "./presenter";

/** Other conversations shown beside the one being answered, and messages from each. */
const HISTORY_CONVERSATIONS = 5;
const HISTORY_MESSAGES = 4;

const messageColumns = `m.id, m.from_id, m.type, m.text, m.created_at, m.read_at,
  image.storage_key as image_key, image.width as image_width, image.height as image_height,
  writer.uuid as operator_uuid, writer.username as operator_username`;

function messageFromRow(row: Record<string, unknown>): OperatorMessageSource {
  return {
    id: Number(row.id),
    fromId: Number(row.from_id),
    type: row.type as string,
    text: (row.text as string | null) ?? null,
    createdAt: new Date(row.created_at as string | Date),
    readAt: row.read_at ? new Date(row.read_at as string | Date) : null,
    imageKey: (row.image_key as string | null) ?? null,
    imageWidth: row.image_width === null || row.image_width === undefined ? null : Number(row.image_width),
    imageHeight: row.image_height === null || row.image_height === undefined ? null : Number(row.image_height),
    operatorUuid: (row.operator_uuid as string | null) ?? null,
    operatorUsername: (row.operator_username as string | null) ?? null,
  };
}

/**
 * A page of a conversation's messages, oldest first: the newest `limit` before
 * `before` (or the newest of all), or, with `after`, the ones that came since
 * (the console polls with it while a conversation is open).
 */
export async function conversationMessages(
  db: Db,
  conversationId: number,
  cursor: { before?: number | undefined; after?: number | undefined; limit: number },
) {
  const catchingUp = cursor.after !== undefined;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.raw(messageColumns)} from messages m
      left join message_images image on image.id = m.image_id
      left join users writer on writer.id = m.operator_id
      where m.conversation_id = ${conversationId}
        and m.id > ${cursor.after ?? 0} and m.id < ${cursor.before ?? Number.MAX_SAFE_INTEGER}
      order by m.id ${sql.raw(catchingUp ? "asc" : "desc")}
      limit ${cursor.limit + 1}`,
  );
  const hasMore = rows.length > cursor.limit;
  const page = rows.slice(0, cursor.limit).map(messageFromRow);
  return { messages: catchingUp ? page : page.reverse(), hasMore };
}

export async function conversationMessagesPage(
  context: AppContext,
  uuid: string,
  cursor: { before?: number | undefined; after?: number | undefined; limit: number },
) {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  const page = await conversationMessages(db, target.conversation.id, cursor);
  return {
    data: page.messages.map((message) => presentOperatorMessage(message, target.member.id, context)),
    meta: { has_more: page.hasMore },
  };
}

/** What the member did with their account that helps answer them: spend and activity, never credentials. */
async function accountFacts(db: Db, member: UserRow) {
  const [row] = await queryRows<{ sent: unknown; spent: unknown }>(
    db,
    sql`select count(*) as sent, coalesce(sum(price), 0) as spent from messages where from_id = ${member.id}`,
  );
  return {
    member_since: member.createdAt.toISOString(),
    email_verified: member.emailVerifiedAt !== null,
    deactivated: member.deactivatedAt !== null,
    credits: Math.max(0, member.credits),
    has_unli_message: hasUnlimitedPass(member),
    vip: isVip(member),
    messages_sent: Number(row?.sent ?? 0),
    credits_spent: Number(row?.spent ?? 0),
  };
}

/** The member's other conversations with fictional profiles, most recent first, each with its last messages. */
async function historyWithOtherProfiles(context: AppContext, member: UserRow, exceptConversationId: number) {
  const { db } = context.database;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.uuid as conversation_uuid, own.last_message_at, ${sql.raw(cardColumns("profile"))},
        ${sql.raw(messageColumns)}
      from (select cm.conversation_id, cm.partner_id, cm.last_message_at from conversation_members cm
        join users p on p.id = cm.partner_id and p.is_fictional
        where cm.user_id = ${member.id} and cm.conversation_id <> ${exceptConversationId}
        order by cm.last_message_at desc limit ${HISTORY_CONVERSATIONS}) own
      join conversations c on c.id = own.conversation_id
      join users profile on profile.id = own.partner_id
      cross join lateral (select * from messages x where x.conversation_id = c.id
        order by x.id desc limit ${HISTORY_MESSAGES}) m
      left join message_images image on image.id = m.image_id
      left join users writer on writer.id = m.operator_id
      order by own.last_message_at desc, m.id asc`,
  );
  const presentation = presentationContext(context);
  const byConversation = new Map<string, TOperatorContext["history"][number]>();
  for (const row of rows) {
    const uuid = row.conversation_uuid as string;
    let entry = byConversation.get(uuid);
    if (!entry) {
      entry = {
        conversation_uuid: uuid,
        profile: cardFromRow(row, "profile", presentation),
        last_message_at: new Date(row.last_message_at as string | Date).toISOString(),
        messages: [],
      };
      byConversation.set(uuid, entry);
    }
    entry.messages.push(presentOperatorMessage(messageFromRow(row), member.id, context));
  }
  return [...byConversation.values()];
}

/**
 * Everything an operator needs to answer, side by side: the conversation, the
 * member (public profile plus the account facts that matter for the answer;
 * never their email, password hash or tokens), their history with other
 * fictional profiles, the fictional profile being played, and the notes.
 * Opening a member's context is itself recorded in the audit log.
 */
export async function conversationContext(
  context: AppContext,
  operator: SessionUser,
  uuid: string,
  ip: string,
): Promise<TOperatorContext> {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  const { member, profile, conversation } = target;
  const presentation = presentationContext(context);
  const [page, lock, memberPhotos, profilePhotos, account, history, notes] = await Promise.all([
    conversationMessages(db, conversation.id, { limit: OPERATOR_HISTORY_PAGE }),
    currentLock(db, conversation.id),
    approvedPhotos(db, member.id),
    approvedPhotos(db, profile.id),
    accountFacts(db, member),
    historyWithOtherProfiles(context, member, conversation.id),
    listNotes(context, member),
  ]);
  await writeAudit(db, {
    actorId: operator.id,
    action: "operator.conversation_viewed",
    targetUserId: member.id,
    metadata: { conversation: uuid, profile: profile.uuid },
    ip,
  });
  return {
    conversation: { uuid: conversation.uuid, created_at: conversation.createdAt.toISOString() },
    lock: lock ? presentLock(lock, operator.id) : null,
    messages: page.messages.map((message) => presentOperatorMessage(message, member.id, context)),
    has_more: page.hasMore,
    member: { ...presentProfile(member, memberPhotos, presentation), account },
    profile: { ...presentProfile(profile, profilePhotos, presentation), online_hours: profile.onlineHours },
    history,
    notes,
  };
}
