import type { Authenticated } from "./session-service";

/** How old a session check the hot routes accept (see requireAuth's `acceptRecentCheck`). */
export const SESSION_RECHECK_MS = 1_000;
const SESSIONS_KEPT = 10_000;

interface CheckedSession {
  auth: Authenticated;
  userUuid: string;
  checkedAtMs: number;
}

/**
 * Sessions this process found live in the database in the last second, by
 * session id (a random UUID, so one map serves every server in a process).
 * Only the conversation list, the history and sending accept such a check:
 * members use them again and again, and none decides anything from the member
 * row that a second could make wrong (what a message costs, and whether a pass
 * covers it, the database decides as it writes the message). Every other route
 * reads the session on each request. Revoking a session or all of a member's
 * sessions, verifying the email and reactivating forget them here at once;
 * another process stops accepting a revoked session within SESSION_RECHECK_MS.
 */
const checked = new Map<string, CheckedSession>();

export function recentlyCheckedSession(
  claims: { sessionId: string; userUuid: string },
  nowMs = Date.now(),
): Authenticated | undefined {
  const entry = checked.get(claims.sessionId);
  if (!entry || entry.userUuid !== claims.userUuid) return undefined;
  if (nowMs - entry.checkedAtMs >= SESSION_RECHECK_MS) {
    checked.delete(claims.sessionId);
    return undefined;
  }
  return entry.auth;
}

export function rememberCheckedSession(auth: Authenticated, nowMs = Date.now()): void {
  checked.delete(auth.session.id);
  // Oldest check first (a Map iterates in insertion order): drop what can no longer be used, and beyond the cap.
  for (const [sessionId, entry] of checked) {
    if (nowMs - entry.checkedAtMs < SESSION_RECHECK_MS && checked.size < SESSIONS_KEPT) break;
    checked.delete(sessionId);
  }
  checked.set(auth.session.id, { auth, userUuid: auth.user.uuid, checkedAtMs: nowMs });
}

/** How many checks are held (for tests). */
export function checkedSessionCount(): number {
  return checked.size;
}

export function forgetCheckedSession(sessionId: string): void {
  checked.delete(sessionId);
}

export function forgetCheckedSessionsOf(userId: number): void {
  for (const [sessionId, entry] of checked) {
    if (entry.auth.user.id === userId) checked.delete(sessionId);
  }
}
