import { authMessages } from "@velvet/shared/validation/messages";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { authSessions, refreshTokens } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import { type Authenticated, SESSION_USER_COLUMNS, type SessionRow, type UserRow } from "../../platform/members/types";
import { decrypt, deriveKey, encrypt, hashToken, randomToken } from "../../platform/security/secrets";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from "./access-tokens";
import { recordActivity } from "./activity";

/** A session lasts 30 days from its last refresh. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** An operator's session as a member ends this long after it began, whatever it does: it is never renewed. */
export const IMPERSONATION_SESSION_TTL_SECONDS = 60 * 60;
/** Two tabs refreshing together both get the new pair if they come within this window. */
export const REFRESH_GRACE_SECONDS = 30;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** The token resource every sign-in answers with: `{"access_token", "token_type", "expires_in"}`. */
export function presentTokens(tokens: IssuedTokens) {
  return { access_token: tokens.accessToken, token_type: "bearer" as const, expires_in: tokens.expiresIn };
}

export interface SessionStart {
  user: Pick<UserRow, "id" | "uuid">;
  impersonatorId?: number | null;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

function sessionExpiry(): Date {
  return new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
}

async function issuePair(context: AppContext, db: Db, sessionId: string, userUuid: string): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(refreshToken) });
  const accessToken = await signAccessToken(context, { userUuid, sessionId });
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export async function startSession(context: AppContext, db: Db, start: SessionStart): Promise<IssuedTokens> {
  // One clock for the start and the end: an impersonation's hour is counted from created_at.
  const now = new Date();
  const [session] = await db
    .insert(authSessions)
    .values({
      createdAt: now,
      userId: start.user.id,
      impersonatorId: start.impersonatorId ?? null,
      ip: start.ip?.slice(0, 45) ?? null,
      userAgent: start.userAgent?.slice(0, 400) ?? null,
      expiresAt: start.impersonatorId
        ? new Date(now.getTime() + IMPERSONATION_SESSION_TTL_SECONDS * 1000)
        : sessionExpiry(),
    })
    .returning({ id: authSessions.id });
  if (!session) throw new AppError("internal");
  return issuePair(context, db, session.id, start.user.uuid);
}

function graceKey(context: AppContext) {
  return deriveKey(context.config.appSecret, "refresh-grace");
}

/**
 * Rotates a refresh token. Reusing an already used token revokes its whole
 * family (the session), except within the grace window, where the just-replaced
 * token answers with the same new pair so concurrent tabs do not sign out.
 */
export async function rotateRefreshToken(context: AppContext, presented: string): Promise<IssuedTokens> {
  const unauthenticated = new AppError("unauthenticated");
  const outcome = await context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        token: refreshTokens,
        session: authSessions,
        userUuid: users.uuid,
        userDeletedAt: users.deletedAt,
        userSuspendedAt: users.suspendedAt,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for("update", { of: refreshTokens });
    if (!row || !isLive(row.session) || row.userDeletedAt) return undefined;
    if (!(await impersonatorStillEntitled(tx, row.session))) return undefined;
    if (row.userSuspendedAt) return undefined;

    if (row.token.usedAt) {
      const age = (Date.now() - row.token.usedAt.getTime()) / 1000;
      const successor = row.token.successorCiphertext
        ? decrypt(graceKey(context), row.token.successorCiphertext)
        : undefined;
      if (age <= REFRESH_GRACE_SECONDS && successor) return JSON.parse(successor) as IssuedTokens;
      await tx.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, row.session.id));
      return "reused" as const;
    }

    const pair = await issuePair(context, tx, row.session.id, row.userUuid);
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date(), successorCiphertext: encrypt(graceKey(context), JSON.stringify(pair)) })
      .where(eq(refreshTokens.id, row.token.id));
    // Successors older than the grace window are no longer needed: drop them.
    await tx
      .update(refreshTokens)
      .set({ successorCiphertext: null })
      .where(
        and(
          eq(refreshTokens.sessionId, row.session.id),
          lt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`),
        ),
      );
    // A member's session slides 30 days from each refresh; an impersonation keeps its fixed end.
    await tx
      .update(authSessions)
      .set({ lastUsedAt: new Date(), ...(row.session.impersonatorId === null ? { expiresAt: sessionExpiry() } : {}) })
      .where(eq(authSessions.id, row.session.id));
    return pair;
  });
  if (!outcome) throw unauthenticated;
  if (outcome === "reused") {
    context.logger.warn({ event: "refresh_token_reuse" }, "refresh token reused; session revoked");
    throw unauthenticated;
  }
  return outcome;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Signs the member out everywhere (password change or reset, deactivation, deletion). */
export async function revokeAllSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(authSessions.id, exceptSessionId));
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

/** Not revoked and not past its end; an impersonation also not past an hour from its start (older rows too). */
function isLive(session: SessionRow, now = Date.now()): boolean {
  if (session.revokedAt || session.expiresAt.getTime() <= now) return false;
  if (session.impersonatorId === null) return true;
  return session.createdAt.getTime() + IMPERSONATION_SESSION_TTL_SECONDS * 1000 > now;
}

/**
 * An impersonated session lasts only while the operator behind it could start
 * it again: still operator or admin, and not deactivated, suspended or deleted.
 * Asked on every request of such a session (they are few; members' sessions skip it).
 */
async function impersonatorStillEntitled(db: Db, session: SessionRow): Promise<boolean> {
  if (session.impersonatorId === null) return true;
  const [operator] = await db
    .select({
      roles: users.roles,
      deactivatedAt: users.deactivatedAt,
      suspendedAt: users.suspendedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, session.impersonatorId));
  if (!operator || operator.deactivatedAt || operator.suspendedAt || operator.deletedAt) return false;
  return operator.roles.some((role) => role === "operator" || role === "admin");
}

/** The columns of SESSION_USER_COLUMNS, as drizzle selects them. */
const sessionUserSelection = Object.fromEntries(SESSION_USER_COLUMNS.map((column) => [column, users[column]])) as {
  [Column in (typeof SESSION_USER_COLUMNS)[number]]: (typeof users)[Column];
};

/** Exported for the benchmark's baseline (bench/api/me-statements.ts), which replays the statement it prepares. */
export function prepareSessionLookup(db: Db) {
  return db
    .select({ user: sessionUserSelection, session: authSessions })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sql.placeholder("sessionId")), eq(users.uuid, sql.placeholder("userUuid"))))
    .prepare("authenticate_access_token");
}

/**
 * Built once per database, as a prepared statement: every API request runs it, and
 * building its SQL (two full rows) cost more than the database took to answer it.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * A valid access token whose session is still live; revocation takes effect on
 * the next request. A suspended member's token (its session revoked by the
 * suspension, or one that slipped past it) answers 403 with the reason sign-in
 * gives, on every route: a ban is never just "signed out".
 */
export async function authenticateAccessToken(context: AppContext, token: string): Promise<Authenticated | undefined> {
  const claims = await verifyAccessToken(context, token);
  if (!claims) return undefined;
  const { db } = context.database;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ sessionId: claims.sessionId, userUuid: claims.userUuid });
  if (row?.user.suspendedAt && !row.user.deletedAt) throw new AppError("forbidden", authMessages.suspended);
  if (!row || !isLive(row.session) || row.user.deletedAt) return undefined;
  if (!(await impersonatorStillEntitled(db, row.session))) return undefined;
  await recordActivity(db, row);
  return row;
}
