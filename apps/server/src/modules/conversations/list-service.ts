import { CONVERSATION_PAGE_SIZE, type TConversation } from "@velvet/shared/api/conversations";
import { and, eq, gt, max, not, type SQL } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { messages } from "../../platform/db/schema/conversations";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { siteHour } from "../profiles";
import {
  conversationHistoryStatement,
  conversationListStatement,
  type ListRowRaw,
  readConversationHistory,
  readConversationList,
} from "./list-sql";
import { conversationPolicy } from "./policy";
import { presentConversation, presentMessage, presentParty } from "./presenter";
import { loadMessagesById, loadParties } from "./queries";

export interface ConversationListQuery {
  page: number;
  username?: string;
  only_read: boolean;
  only_unread: boolean;
}

/**
 * The member's conversations: starred ones (all of them, on page 1) and then
 * the rest, 10 a page, newest activity first. A conversation appears once it
 * has a message the member has not deleted, and never across a block. One
 * statement (list-sql.ts).
 */
export async function listConversations(
  context: AppContext,
  viewer: SessionUser,
  query: ConversationListQuery,
  scope: { fictionalPartnersOnly: boolean } = { fictionalPartnersOnly: false },
) {
  const rows = await context.database.queryPrepared<ListRowRaw>(
    conversationListStatement({
      viewerId: viewer.id,
      usernamePrefix: query.username,
      onlyUnread: query.only_unread,
      onlyRead: query.only_read,
      page: query.page,
      pageSize: CONVERSATION_PAGE_SIZE,
      fictionalPartnersOnly: scope.fictionalPartnersOnly,
    }),
  );
  const { entries, starredTotal, othersTotal } = readConversationList(rows);
  const moment = presentationMoment(context);
  return {
    data: entries.map((entry) =>
      presentConversation(
        entry.conversation,
        viewer,
        { initiator: presentParty(entry.initiator, moment), recipient: presentParty(entry.recipient, moment) },
        entry.lastMessage ? presentMessage(entry.lastMessage, viewer.id, context) : null,
      ),
    ),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(othersTotal / CONVERSATION_PAGE_SIZE)),
      per_page: CONVERSATION_PAGE_SIZE,
      total: othersTotal,
      starred_conversations: starredTotal,
    },
  };
}

function presentationMoment(context: AppContext) {
  return { storage: context.storage, now: Date.now(), hour: siteHour(context.config.siteTimezone) };
}

export async function showConversation(context: AppContext, viewer: SessionUser, uuid: string): Promise<TConversation> {
  const { db } = context.database;
  const { conversation, member } = await conversationPolicy.membershipOrNotFound(db, viewer.id, uuid);
  // The newest message still theirs: not cleared with the conversation, nor deleted on its own.
  const [newest] = await db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        gt(messages.id, member.clearedUpToId),
        not(and(eq(messages.fromId, viewer.id), messages.hiddenForSender) as SQL),
        not(and(eq(messages.toId, viewer.id), messages.hiddenForRecipient) as SQL),
      ),
    );
  const lastMessageId = newest?.id ? Number(newest.id) : null;
  const [parties, lastMessages] = await Promise.all([
    loadParties(db, [conversation.initiatorId, conversation.recipientId]),
    loadMessagesById(db, lastMessageId ? [lastMessageId] : []),
  ]);
  const initiator = parties.get(conversation.initiatorId);
  const recipient = parties.get(conversation.recipientId);
  if (!initiator || !recipient) throw new Error("a conversation without both members");
  const last = lastMessageId ? lastMessages.get(lastMessageId) : undefined;
  const moment = presentationMoment(context);
  return presentConversation(
    { ...conversation, starred: member.starred, unreadCount: member.unreadCount },
    viewer,
    { initiator: presentParty(initiator, moment), recipient: presentParty(recipient, moment) },
    last ? presentMessage(last, viewer.id, context) : null,
  );
}

/**
 * History, newest first before a message id (or from the newest), or oldest
 * first after one (catching up after a reconnect). Keyed on the message id, so
 * messages arriving meanwhile never shift a page: each is returned exactly once.
 */
export async function conversationHistory(
  context: AppContext,
  viewer: SessionUser,
  uuid: string,
  query: { before?: number; after?: number; limit: number },
) {
  const rows = await context.database.queryPrepared<Record<string, unknown>>(
    conversationHistoryStatement({
      viewerId: viewer.id,
      conversationUuid: uuid,
      after: query.after,
      before: query.before,
      limit: query.limit + 1,
    }),
  );
  const page = readConversationHistory(rows);
  if (!page) throw new AppError("not_found");
  return {
    data: page.slice(0, query.limit).map((row) => presentMessage(row, viewer.id, context)),
    meta: { has_more: page.length > query.limit },
  };
}
