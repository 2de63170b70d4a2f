import type { TAdminMemberSummary } from "@velvet/shared/api/admin-members";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { conversationMembers, users } from "../../platform/db/schema";
import { AppError } from "../../platform/http/app-error";
import { forgetCheckedSessionsOf } from "../auth/recent-sessions";
import { revokeAllSessions, type UserRow } from "../auth/session-service";
import { forgetConversationReads } from "../conversations/read-cache";
import { presentSummary, suspendersOf } from "./members-service";
import { closeEndedImpersonations, endImpersonationsBy } from "./staff-impersonations";

/**
 * An admin's ban (issue 17), separate from the member's own deactivation: while
 * `suspended_at` is set the account cannot sign in, refresh or reactivate, any
 * token still held answers 403, its profile is hidden like a deactivated one,
 * and its conversation partners see the conversation read-only. Suspending ends
 * every session and closes every real-time connection of the account with 4009
 * (pusher-js does not reconnect); unsuspending restores all but the sessions.
 */
export async function suspendMember(
  context: AppContext,
  admin: UserRow,
  uuid: string,
  reason: string,
  ip: string,
): Promise<TAdminMemberSummary> {
  const { suspended, impersonations } = await context.database.db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.uuid, uuid)).for("update");
    if (!member || member.deletedAt) throw new AppError("not_found");
    // An admin who locked themselves out would need the database to get back in.
    if (member.id === admin.id) throw new AppError("forbidden", "You cannot suspend your own account.");
    const [row] = await tx
      .update(users)
      .set({
        suspendedAt: member.suspendedAt ?? new Date(),
        suspendedReason: reason,
        suspendedById: admin.id,
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id))
      .returning();
    await revokeAllSessions(tx, member.id);
    const impersonations = await endImpersonationsBy(tx, member.id);
    await writeAudit(tx, {
      actorId: admin.id,
      action: "member.suspended",
      targetUserId: member.id,
      metadata: { reason },
      ip,
    });
    return { suspended: row ?? member, impersonations };
  });
  await forgetAccount(context, suspended);
  await context.memberConnections.close({ memberUuid: suspended.uuid }, realtimeCloseCodes.unauthorizedConnection);
  await closeEndedImpersonations(context, impersonations);
  return presentSummary(suspended, await suspendersOf(context, [suspended]));
}

/** Lifts the ban: profile, conversations and sign-in come back; the revoked sessions stay revoked. */
export async function unsuspendMember(
  context: AppContext,
  admin: UserRow,
  uuid: string,
  ip: string,
): Promise<TAdminMemberSummary> {
  const lifted = await context.database.db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.uuid, uuid)).for("update");
    if (!member || member.deletedAt) throw new AppError("not_found");
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: null, suspendedReason: null, suspendedById: null, updatedAt: new Date() })
      .where(eq(users.id, member.id))
      .returning();
    await writeAudit(tx, {
      actorId: admin.id,
      action: "member.unsuspended",
      targetUserId: member.id,
      metadata: { previous_reason: member.suspendedReason },
      ip,
    });
    return row ?? member;
  });
  await forgetAccount(context, lifted);
  return presentSummary(lifted, await suspendersOf(context, [lifted]));
}

/**
 * This process's memories of the account, dropped after the commit: session
 * checks (a check made while the change committed would outlive it), and the
 * conversation answers of the account and of everyone who wrote with it, which
 * say whether the conversation can still be written in. Other processes hold
 * either for at most a second or two (recent-sessions.ts, read-cache.ts).
 */
async function forgetAccount(context: AppContext, account: UserRow): Promise<void> {
  forgetCheckedSessionsOf(account.id);
  const partners = await context.database.db
    .select({ uuid: users.uuid })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.partnerId))
    .where(eq(conversationMembers.userId, account.id));
  forgetConversationReads(context.database, { memberUuids: [account.uuid, ...partners.map((row) => row.uuid)] });
}
