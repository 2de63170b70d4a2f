import { operatorMessages } from "@velvet/shared/api/operator";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../platform/app-context";
import { type Db, queryRows } from "../../platform/db/client";
import { conversations } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { UserRow } from "../../platform/members/types";
import { adminGuard, requireAuth, requireStaff } from "../sessions";

const initiator = alias(users, "initiator");
const recipient = alias(users, "recipient");

export interface FictionalConversation {
  conversation: { id: number; uuid: string; createdAt: Date };
  /** The fictional profile the operator writes as. */
  profile: UserRow;
  /** The real member on the other side. */
  member: UserRow;
}

/**
 * Operator console rules. Every console route runs `staffGuard` in onRequest:
 * authentication, then the role, before the body is parsed or validated (a
 * guest gets 401, a member 403, whatever they send). Inside, the console
 * only ever reaches conversations between a real member and a fictional
 * profile: member-to-member conversations do not exist for it (404).
 */
export const operatorPolicy = {
  staffGuard(context: AppContext) {
    return [requireAuth(context), requireStaff(["operator", "admin"])];
  },

  adminGuard,

  isAdmin(user: Pick<UserRow, "roles">): boolean {
    return user.roles.includes("admin");
  },

  async fictionalConversationOrNotFound(db: Db, uuid: string): Promise<FictionalConversation> {
    const [row] = await db
      .select({ conversation: conversations, initiator, recipient })
      .from(conversations)
      .innerJoin(initiator, eq(initiator.id, conversations.initiatorId))
      .innerJoin(recipient, eq(recipient.id, conversations.recipientId))
      .where(and(eq(conversations.uuid, uuid), sql`${initiator.isFictional} <> ${recipient.isFictional}`));
    if (!row) throw new AppError("not_found");
    const profile = row.initiator.isFictional ? row.initiator : row.recipient;
    const member = row.initiator.isFictional ? row.recipient : row.initiator;
    return {
      conversation: { id: row.conversation.id, uuid: row.conversation.uuid, createdAt: row.conversation.createdAt },
      profile,
      member,
    };
  },

  /**
   * Assignment: a fictional profile with assigned operators is
   * answered only by them and by admins; one with none, by any operator. As a
   * condition on the fictional `users` row the caller's statement calls
   * `profileAlias` (a name from our own code, never input), so the queue, the
   * profile list and the lock's insert all apply the same rule.
   */
  answerableBySql(staff: Pick<UserRow, "id" | "roles">, profileAlias: string): SQL {
    if (operatorPolicy.isAdmin(staff)) return sql`true`;
    const profileId = sql.raw(`"${profileAlias}"."id"`);
    return sql`(not exists (select 1 from fictional_profile_operators assigned where assigned.profile_id = ${profileId})
      or exists (select 1 from fictional_profile_operators mine
        where mine.profile_id = ${profileId} and mine.operator_id = ${staff.id}))`;
  },

  /** 403 for an operator the profile is not assigned to (the conversation itself is no secret to staff). */
  async assertMayAnswer(db: Db, staff: Pick<UserRow, "id" | "roles">, profileId: number): Promise<void> {
    const [row] = await queryRows<{ allowed: boolean }>(
      db,
      sql`select ${operatorPolicy.answerableBySql(staff, "profile")} as allowed from users profile
        where profile.id = ${profileId}`,
    );
    if (!row?.allowed) throw new AppError("forbidden", operatorMessages.notAssigned);
  },

  /** Notes are kept about real members only; anyone else answers 404. */
  async memberOrNotFound(db: Db, uuid: string): Promise<UserRow> {
    const [member] = await db
      .select()
      .from(users)
      .where(and(eq(users.uuid, uuid), eq(users.isFictional, false), isNull(users.deletedAt)));
    if (!member) throw new AppError("not_found");
    return member;
  },

  /** A template's profile must be a fictional one (422 on the field otherwise). */
  async fictionalProfileOrInvalid(db: Db, uuid: string, field: string): Promise<UserRow> {
    const [profile] = await db
      .select()
      .from(users)
      .where(and(eq(users.uuid, uuid), eq(users.isFictional, true)));
    if (!profile) throw AppError.field(field, operatorMessages.notFictional);
    return profile;
  },

  /** A reply cannot reach a member who left, was deactivated or suspended, or blocked the profile (or was blocked by it). */
  async assertMayReply(db: Db, target: FictionalConversation, message: string): Promise<void> {
    const { member, profile } = target;
    if (member.deletedAt || member.deactivatedAt || member.suspendedAt) throw new AppError("forbidden", message);
    const blocked = await queryRows(
      db,
      sql`select 1 from interactions where kind = 'block' and (
        (from_user_id = ${member.id} and to_user_id = ${profile.id}) or
        (from_user_id = ${profile.id} and to_user_id = ${member.id})) limit 1`,
    );
    if (blocked.length > 0) throw new AppError("forbidden", message);
  },
};
