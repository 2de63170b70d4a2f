import type { TAdminMemberSummary } from "@velvet/shared/api/admin-members";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { revokeAllSessions } from "../sessions";
import { presentSummary, suspendersOf } from "./members-service";
import { closeEndedImpersonations, endImpersonationsBy } from "./staff-impersonations";

/**
 * An admin's ban, separate from the member's own deactivation: while
 * `suspended_at` is set the account cannot sign in, refresh or reactivate, any
 * token still held answers 403, its profile is hidden like a deactivated one,
 * and its conversation partners see the conversation read-only. Suspending ends
 * every session and closes every real-time connection of the account with 4009
 * (pusher-js does not reconnect); unsuspending restores all but the sessions.
 */
export async function suspendMember(
  context: AppContext,
  admin: SessionUser,
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
  await context.memberConnections.close({ memberUuid: suspended.uuid }, realtimeCloseCodes.unauthorizedConnection);
  await closeEndedImpersonations(context, impersonations);
  return presentSummary(suspended, await suspendersOf(context, [suspended]));
}

/** Lifts the ban: profile, conversations and sign-in come back; the revoked sessions stay revoked. */
export async function unsuspendMember(
  context: AppContext,
  admin: SessionUser,
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
  return presentSummary(lifted, await suspendersOf(context, [lifted]));
}
