import { CONVERSATION_PAGE_SIZE, type TConversation } from "@velvet/shared/api/conversations";
import { and, asc, desc, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { conversationMembers, conversations, interactions, messages, users } from "../../platform/db/schema";
import type { UserRow } from "../auth/session-service";
import { siteHour } from "../profiles/online";
import { conversationPolicy } from "./policy";
import { presentConversation, presentMessage, presentParty } from "./presenter";
import { loadMessagesById, loadParties, selectMessages } from "./queries";

export interface ConversationListQuery {
  page: number;
  username?: string;
  only_read: boolean;
  only_unread: boolean;
}

const listColumns = {
  id: conversations.id,
  uuid: conversations.uuid,
  initiatorId: conversations.initiatorId,
  recipientId: conversations.recipientId,
  updatedAt: conversations.updatedAt,
  lastMessageId: conversations.lastMessageId,
  starred: conversationMembers.starred,
  unreadCount: conversationMembers.unreadCount,
};
interface ListRow {
  id: number;
  uuid: string;
  initiatorId: number;
  recipientId: number;
  updatedAt: Date;
  lastMessageId: number | null;
  starred: boolean;
  unreadCount: number;
}

/**
 * The member's conversations: starred ones (all of them, on page 1) and then
 * the rest, 10 a page, newest activity first. A conversation appears once it
 * has a message the member has not deleted, and never across a block.
 */
export async function listConversations(context: AppContext, viewer: UserRow, query: ConversationListQuery) {
  const { db } = context.database;
  const where = listFilter(viewer.id, query);
  const newestFirst = [desc(conversationMembers.lastMessageAt), desc(conversationMembers.conversationId)];
  const base = () =>
    db
      .select(listColumns)
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.partnerId));
  const [counts, starred, rest] = await Promise.all([
    db
      .select({
        starred: sql<string>`count(*) filter (where ${conversationMembers.starred})`,
        others: sql<string>`count(*) filter (where not ${conversationMembers.starred})`,
      })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.partnerId))
      .where(where),
    query.page === 1
      ? base()
          .where(and(where, eq(conversationMembers.starred, true)))
          .orderBy(...newestFirst)
      : Promise.resolve([]),
    base()
      .where(and(where, eq(conversationMembers.starred, false)))
      .orderBy(...newestFirst)
      .limit(CONVERSATION_PAGE_SIZE)
      .offset((query.page - 1) * CONVERSATION_PAGE_SIZE),
  ]);
  const total = Number(counts[0]?.others ?? 0);
  return {
    data: await presentConversations(context, viewer, [...starred, ...rest]),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / CONVERSATION_PAGE_SIZE)),
      per_page: CONVERSATION_PAGE_SIZE,
      total,
      starred_conversations: Number(counts[0]?.starred ?? 0),
    },
  };
}

function listFilter(viewerId: number, query: ConversationListQuery): SQL {
  const blocked = sql`exists (select 1 from ${interactions} where ${interactions.kind} = 'block'
    and ((${interactions.fromUserId} = ${viewerId} and ${interactions.toUserId} = ${conversationMembers.partnerId})
      or (${interactions.fromUserId} = ${conversationMembers.partnerId} and ${interactions.toUserId} = ${viewerId})))`;
  const username = query.username?.replace(/[\\%_]/g, (character) => `\\${character}`);
  return and(
    eq(conversationMembers.userId, viewerId),
    gt(conversationMembers.lastMessageId, conversationMembers.clearedUpToId),
    sql`not ${blocked}`,
    username ? sql`lower(${users.username}) like ${`${username.toLowerCase()}%`}` : undefined,
    query.only_unread ? gt(conversationMembers.unreadCount, 0) : undefined,
    query.only_read ? eq(conversationMembers.unreadCount, 0) : undefined,
  ) as SQL;
}

export async function showConversation(context: AppContext, viewer: UserRow, uuid: string): Promise<TConversation> {
  const { db } = context.database;
  const { conversation, member } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  const [presented] = await presentConversations(context, viewer, [
    {
      ...conversation,
      lastMessageId:
        conversation.lastMessageId !== null && conversation.lastMessageId > member.clearedUpToId
          ? conversation.lastMessageId
          : null,
      starred: member.starred,
      unreadCount: member.unreadCount,
    },
  ]);
  if (!presented) throw new Error("a conversation could not be presented");
  return presented;
}

async function presentConversations(context: AppContext, viewer: UserRow, rows: ListRow[]) {
  const { db } = context.database;
  const [parties, lastMessages] = await Promise.all([
    loadParties(
      db,
      rows.flatMap((row) => [row.initiatorId, row.recipientId]),
    ),
    loadMessagesById(
      db,
      rows.flatMap((row) => (row.lastMessageId ? [row.lastMessageId] : [])),
    ),
  ]);
  const moment = { storage: context.storage, now: Date.now(), hour: siteHour(context.config.siteTimezone) };
  return rows.flatMap((row) => {
    const initiator = parties.get(row.initiatorId);
    const recipient = parties.get(row.recipientId);
    if (!initiator || !recipient) return [];
    const last = row.lastMessageId ? lastMessages.get(row.lastMessageId) : undefined;
    return [
      presentConversation(
        row,
        viewer,
        { initiator: presentParty(initiator, moment), recipient: presentParty(recipient, moment) },
        last ? presentMessage(last, viewer.id, context) : null,
      ),
    ];
  });
}

/**
 * History, newest first before a message id (or from the newest), or oldest
 * first after one (catching up after a reconnect). Keyed on the message id, so
 * messages arriving meanwhile never shift a page: each is returned exactly once.
 */
export async function conversationHistory(
  context: AppContext,
  viewer: UserRow,
  uuid: string,
  query: { before?: number; after?: number; limit: number },
) {
  const { db } = context.database;
  const { conversation, member } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  const catchingUp = query.after !== undefined;
  const rows = await selectMessages(db)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        gt(messages.id, Math.max(member.clearedUpToId, query.after ?? 0)),
        query.before !== undefined ? lt(messages.id, query.before) : undefined,
      ),
    )
    .orderBy(catchingUp ? asc(messages.id) : desc(messages.id))
    .limit(query.limit + 1);
  return {
    data: rows.slice(0, query.limit).map((row) => presentMessage(row, viewer.id, context)),
    meta: { has_more: rows.length > query.limit },
  };
}
