import { messagingMessages } from "@velvet/shared/api/conversations";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { conversationMembers, conversations } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";

export type Membership = Awaited<ReturnType<typeof findMembership>>;

async function findMembership(db: Db, viewerId: number, conversationUuid: string) {
  const [row] = await db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, viewerId)),
    )
    .where(eq(conversations.uuid, conversationUuid));
  return row;
}

/**
 * The query behind `writableConversation`, prepared once per database: it runs before every message sent, and
 * planning its joins and subqueries took PostgreSQL several times longer than running them.
 */
function prepareWritableConversation(db: Db) {
  const senderId = sql.placeholder("senderId");
  const partnerId = sql.raw(`"users"."id"`);
  return db
    .select({
      conversationId: conversations.id,
      partnerId: users.id,
      partnerUuid: users.uuid,
      partnerIsFictional: users.isFictional,
      gone: sql<boolean>`${users.deletedAt} is not null or ${users.deactivatedAt} is not null
        or ${users.suspendedAt} is not null`,
      blocked: sql<boolean>`exists (select 1 from interactions i where i.kind = 'block'
        and ((i.from_user_id = ${senderId} and i.to_user_id = ${partnerId})
          or (i.from_user_id = ${partnerId} and i.to_user_id = ${senderId})))`,
      // Without a client_id the comparison with null matches nothing.
      earlierMessageId: sql<number | null>`(select m.id from messages m
        where m.from_id = ${senderId} and m.client_id = ${sql.placeholder("clientId")}::uuid)`,
    })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, senderId)),
    )
    .innerJoin(users, eq(users.id, conversationMembers.partnerId))
    .where(eq(conversations.uuid, sql.placeholder("conversationUuid")))
    .prepare("writable_conversation");
}

const writableConversationLookups = new WeakMap<Db, ReturnType<typeof prepareWritableConversation>>();

/**
 * Conversation rules. Everything about a conversation is reached through the
 * caller's own membership row, so a conversation they are not part of does not
 * exist for them (404): they can neither read, mark, star, hide nor write into it.
 */
export const conversationPolicy = {
  async membershipOrNotFound(db: Db, viewerId: number, conversationUuid: string) {
    const row = await findMembership(db, viewerId, conversationUuid);
    if (!row) throw new AppError("not_found");
    return row;
  },

  /**
   * An operator signed in as a member (for support) reaches only the member's
   * conversations with fictional profiles: what the member wrote to real people
   * is not the operator's to read. Anything else is a 404, as for a
   * conversation that is not the caller's.
   */
  async withinSessionScope(db: Db, auth: Authenticated, conversationUuid: string): Promise<boolean> {
    if (auth.session.impersonatorId === null) return true;
    const [row] = await db
      .select({ fictional: users.isFictional })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.partnerId))
      .where(and(eq(conversations.uuid, conversationUuid), eq(conversationMembers.userId, auth.user.id)));
    return row?.fictional === true;
  },

  /**
   * Who may listen on the conversation's channel (its messages, reads and the partner's typing): one of its two
   * members, while no block stands between them either way and the partner is still available (not suspended,
   * deactivated or deleted), as for writing; under impersonation, only with a fictional profile.
   */
  async mayListen(db: Db, auth: Authenticated, conversationUuid: string): Promise<boolean> {
    const viewerId = auth.user.id;
    const [row] = await db
      .select({
        fictional: users.isFictional,
        open: sql<boolean>`${users.deletedAt} is null and ${users.deactivatedAt} is null
          and ${users.suspendedAt} is null
          and not exists (select 1 from interactions i where i.kind = 'block'
            and ((i.from_user_id = ${viewerId} and i.to_user_id = ${users.id})
              or (i.from_user_id = ${users.id} and i.to_user_id = ${viewerId})))`,
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.partnerId))
      .where(and(eq(conversations.uuid, conversationUuid), eq(conversationMembers.userId, viewerId)));
    if (!row?.open) return false;
    return auth.session.impersonatorId === null || row.fictional;
  },

  async assertWithinSessionScope(db: Db, auth: Authenticated, conversationUuid: string): Promise<void> {
    if (!(await conversationPolicy.withinSessionScope(db, auth, conversationUuid))) throw new AppError("not_found");
  },

  /** The same rule for writing from a profile: under impersonation, only to a fictional one. */
  async assertProfileWithinSessionScope(db: Db, auth: Authenticated, profileUuid: string): Promise<void> {
    if (auth.session.impersonatorId === null) return;
    const [row] = await db.select({ fictional: users.isFictional }).from(users).where(eq(users.uuid, profileUuid));
    if (!row?.fictional) throw new AppError("not_found");
  },

  /** Sending needs an active, verified account, and an operator signed in as the member may not spend their credits. */
  assertMaySend(auth: Authenticated): void {
    accountPolicy.assertActive(auth.user);
    accountPolicy.assertMaySendMessages(auth.user);
    if (auth.session.impersonatorId !== null) throw new AppError("forbidden", messagingMessages.notWhileImpersonating);
  },

  /**
   * The caller's conversation and partner, ready to write into, in one query:
   * 404 when it is not theirs, 403 across a block or to an account that is
   * deactivated, suspended or deleted. With `clientId`, also the message the sender
   * already sent with it: a retry is answered with that message before any
   * rule is applied again (it went through when the rules allowed it).
   */
  async writableConversation(db: Db, senderId: number, conversationUuid: string, clientId?: string) {
    let lookup = writableConversationLookups.get(db);
    if (!lookup) {
      lookup = prepareWritableConversation(db);
      writableConversationLookups.set(db, lookup);
    }
    const [row] = await lookup.execute({ senderId, conversationUuid, clientId: clientId ?? null });
    if (!row) throw new AppError("not_found");
    if (row.earlierMessageId !== null) return { earlierMessageId: Number(row.earlierMessageId) };
    if (row.gone || row.blocked) throw new AppError("forbidden", messagingMessages.cannotMessage);
    return {
      earlierMessageId: null,
      partner: { id: row.partnerId, uuid: row.partnerUuid, isFictional: row.partnerIsFictional },
      conversation: { id: row.conversationId, uuid: conversationUuid },
    };
  },
};
