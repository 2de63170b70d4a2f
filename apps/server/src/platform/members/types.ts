import type { authSessions } from "../db/schema/auth";
import type { users } from "../db/schema/members";

/**
 * Domain types every module shares: kept below the modules so that reading a member or the caller does not
 * make a module depend on auth (which depends on half the others).
 */

/** A member's row (members, operators, admins and fictional profiles alike). */
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;

/** The authenticated caller of a request: the member and the session their access token belongs to. */
export interface Authenticated {
  user: UserRow;
  session: SessionRow;
}
