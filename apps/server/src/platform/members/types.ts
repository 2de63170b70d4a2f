import type { authSessions } from "../db/schema/auth";
import type { users } from "../db/schema/members";

/**
 * Domain types every module shares: kept below the modules so that reading a member or the caller does not
 * make a module depend on auth (which depends on half the others).
 */

/** A member's row (members, operators, admins and fictional profiles alike). */
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;

/**
 * The caller's own account as every request reads it with its session: the columns that rules, channels and
 * offers ask for, not the profile's text, counters or settings. The full row (64 columns, 17 dates) cost each
 * request more to decode than the database took to find the session (bench/README.md); a route that shows or
 * changes the profile loads the whole row with `loadUserRow`.
 */
export const SESSION_USER_COLUMNS = [
  "id",
  "uuid",
  "username",
  "email",
  "roles",
  "isFictional",
  "isReviewAccount",
  "gender",
  "seeking",
  "state",
  "features",
  "credits",
  "unlimitedUntil",
  "vipUntil",
  "deletionOfferClaimedAt",
  "preferences",
  "emailVerifiedAt",
  "deactivatedAt",
  "suspendedAt",
  "deletedAt",
  "lastActiveAt",
] as const satisfies readonly (keyof UserRow)[];
export type SessionUser = Pick<UserRow, (typeof SESSION_USER_COLUMNS)[number]>;

/** The authenticated caller of a request: the member and the session their access token belongs to. */
export interface Authenticated {
  user: SessionUser;
  session: SessionRow;
}
