import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import type { Authenticated } from "../../platform/members/types";

/** last_active_at moves at most this often per member: one small write a minute, not one per request. */
export const ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * A signed-in request is the member's activity (users.last_active_at), which
 * online status, browsing order, the admin dashboard and inactive triggers
 * read. A session an operator opened as the member is not the member's doing.
 */
export async function recordActivity(db: Db, auth: Authenticated, now = Date.now()): Promise<void> {
  if (auth.session.impersonatorId !== null) return;
  if (now - auth.user.lastActiveAt.getTime() < ACTIVITY_RESOLUTION_MS) return;
  await db
    .update(users)
    .set({ lastActiveAt: sql`now()` })
    .where(
      and(
        eq(users.id, auth.user.id),
        lt(users.lastActiveAt, sql`now() - make_interval(secs => ${ACTIVITY_RESOLUTION_MS / 1000})`),
      ),
    );
}
