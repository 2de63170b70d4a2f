import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { authSessions, impersonationTokens } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";

export interface EndedImpersonation {
  memberUuid: string;
  sessionId: string;
}

/**
 * Staff who lose the consoles lose what they opened with them: every
 * session in which they act as a member is revoked and every link they issued
 * but nobody used is voided, in the caller's transaction. Those sessions belong
 * to the member, so ending only the staff account's own sessions left them open.
 */
export async function endImpersonationsBy(tx: Db, staffId: number): Promise<EndedImpersonation[]> {
  await tx
    .delete(impersonationTokens)
    .where(and(eq(impersonationTokens.operatorId, staffId), isNull(impersonationTokens.usedAt)));
  const open = await tx
    .select({ sessionId: authSessions.id, memberUuid: users.uuid })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.impersonatorId, staffId), isNull(authSessions.revokedAt)));
  if (open.length > 0) {
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.impersonatorId, staffId), isNull(authSessions.revokedAt)));
  }
  return open;
}

/** After the commit: closes the sockets those sessions authorised, on every process. */
export async function closeEndedImpersonations(context: AppContext, ended: EndedImpersonation[]): Promise<void> {
  await Promise.all(ended.map((session) => context.memberConnections.close(session, realtimeCloseCodes.sessionEnded)));
}
