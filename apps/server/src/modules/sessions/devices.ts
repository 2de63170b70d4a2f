import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { authSessions } from "../../platform/db/schema/auth";

/**
 * A member's own devices: their live sessions. Sessions an operator opened as
 * the member are never among them (impersonation stays invisible to the member),
 * so a member can neither see nor end one.
 */
function liveOwnSessions(userId: number) {
  return and(
    eq(authSessions.userId, userId),
    isNull(authSessions.impersonatorId),
    isNull(authSessions.revokedAt),
    gt(authSessions.expiresAt, new Date()),
  );
}

export async function listDeviceSessions(db: Db, userId: number) {
  return db
    .select({
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(liveOwnSessions(userId))
    .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.createdAt));
}

/** Ends one of the member's devices; false when it is not theirs (or already over), so the caller answers 404. */
export async function endDeviceSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), liveOwnSessions(userId)))
    .returning({ id: authSessions.id });
  return ended.length > 0;
}

/** Ends every device of the member but the one asking; the ids ended, so their sockets can be closed too. */
export async function endOtherDeviceSessions(db: Db, userId: number, keepSessionId: string): Promise<string[]> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(liveOwnSessions(userId), ne(authSessions.id, keepSessionId)))
    .returning({ id: authSessions.id });
  return ended.map((row) => row.id);
}
