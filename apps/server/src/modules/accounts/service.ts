import type { TPreferences } from "@velvet/shared/api/auth";
import type { TNotificationSettings } from "@velvet/shared/api/push";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { type UserPreferences, users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import { withinLetterBudget } from "../../platform/mail/letter-budget";
import { accountPolicy } from "../../platform/members/account-policy";
import { notificationSettingsOf, withNotificationSettings } from "../../platform/members/notification-settings";
import { presentSearchPreferences } from "../../platform/members/search-preferences";
import type { Authenticated } from "../../platform/members/types";
import { loadUserRow } from "../../platform/members/user-row";
import {
  clearPasswordFailures,
  hashPassword,
  isCommonPassword,
  PASSWORD_FAILURES_PER_MEMBER,
  queueVerificationMail,
  takePasswordAttempt,
  verifyPassword,
} from "../auth";
import { readUnsubscribeToken } from "../notifications";
import { type IssuedTokens, revokeAllSessions, revokeSession, startSession } from "../sessions";
import { eraseMember } from "./erasure";

interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
}

/**
 * The member confirms their password before a change only they may make. Wrong ones count with sign-in's
 * (auth/password-failures.ts): past the limit the session that guessed ends, audited, and the answer is 429.
 */
export async function assertCurrentPassword(
  context: AppContext,
  auth: Authenticated,
  password: string,
  field = "current_password",
): Promise<void> {
  const attempt = await takePasswordAttempt(context, auth.user.id);
  if (!attempt.allowed) await endGuessingSession(context, auth, attempt.retryAfterSeconds);
  // The hash is read here, not with the session: no other request needs it in memory.
  const [row] = await context.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.user.id));
  const ok = row?.passwordHash ? await verifyPassword(row.passwordHash, password) : false;
  if (!ok) throw AppError.field(field, accountMessages.currentPasswordWrong);
  await clearPasswordFailures(context, auth.user.id);
}

async function endGuessingSession(context: AppContext, auth: Authenticated, retryAfterSeconds: number): Promise<never> {
  await context.database.db.transaction(async (tx) => {
    await revokeSession(tx, auth.session.id);
    await writeAudit(tx, {
      actorId: auth.user.id,
      action: "account.password_attempts_exceeded",
      targetUserId: auth.user.id,
      metadata: { limit: PASSWORD_FAILURES_PER_MEMBER },
    });
  });
  await context.memberConnections.close(
    { memberUuid: auth.user.uuid, sessionId: auth.session.id },
    realtimeCloseCodes.sessionEnded,
  );
  // Signing in again with the right password clears the count; guessing from here needs the sign-in form.
  throw new AppError("throttled", accountMessages.passwordAttemptsExceeded, { retryAfterSeconds });
}

/** Email-change requests a member may make in an hour; past it the answer is the same and nothing is sent. */
export const EMAIL_CHANGES_PER_HOUR = 3;

/**
 * The new address takes effect only once its link is used. If it already
 * belongs to someone, nothing is sent, and the answer is the same: this route
 * must not become a way to learn who is a member. Nor a way to flood someone's
 * inbox: past EMAIL_CHANGES_PER_HOUR, or the address's letters for the day
 * (withinLetterBudget), the answer is the same again and nothing is queued.
 */
export async function requestEmailChange(
  context: AppContext,
  auth: Authenticated,
  email: string,
  password: string,
): Promise<void> {
  accountPolicy.assertNotImpersonating(auth);
  await assertCurrentPassword(context, auth, password);
  const { db } = context.database;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, auth.user.id)));
  if (taken) return;
  const changes = await context.attempts.hit(`email-change:${auth.user.id}`, 3600);
  if (changes.count > EMAIL_CHANGES_PER_HOUR) {
    context.logger.warn(
      { event: "account.email_change_limit", user_id: auth.user.id, limit: EMAIL_CHANGES_PER_HOUR },
      "email change not sent: the member's requests for the hour are spent",
    );
    return;
  }
  if (!(await withinLetterBudget(context, email, "verify_email"))) return;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ pendingEmail: email.toLowerCase(), updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    await queueVerificationMail(tx, auth.user.id, email);
  });
  context.jobs.kick();
}

/** Signs out every session and gives this device a fresh one. */
export async function changePassword(
  context: AppContext,
  auth: Authenticated,
  input: { current_password: string; password: string },
  meta: RequestMeta,
): Promise<IssuedTokens> {
  accountPolicy.assertNotImpersonating(auth);
  await assertCurrentPassword(context, auth, input.current_password);
  if (await isCommonPassword(input.password)) throw AppError.field("password", accountMessages.passwordCommon);
  const passwordHash = await hashPassword(input.password);
  const tokens = await context.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    await revokeAllSessions(tx, auth.user.id);
    await writeAudit(tx, {
      actorId: auth.user.id,
      action: "account.password_changed",
      targetUserId: auth.user.id,
      ip: meta.ip,
    });
    return startSession(context, tx, { user: auth.user, ip: meta.ip, userAgent: meta.userAgent });
  });
  await endConnections(context, auth);
  return tokens;
}

/** After every session ended: each socket of the member closes (this device's web app reconnects with its new one). */
function endConnections(context: AppContext, auth: Authenticated): Promise<void> {
  return context.memberConnections.close({ memberUuid: auth.user.uuid }, realtimeCloseCodes.sessionEnded);
}

export async function updateEmailPreferences(
  context: AppContext,
  auth: Authenticated,
  email: TPreferences["email"],
): Promise<TPreferences> {
  let preferences: UserPreferences = { ...auth.user.preferences, email };
  // Turning notification emails back on with every kind off in the notification settings would change nothing:
  // every kind comes by email again, as before those settings existed.
  const settings = notificationSettingsOf({ ...preferences, email: { ...email, notifications: true } });
  if (email.notifications && !Object.values(settings).some((kind) => kind.email)) {
    const everyEmail = Object.fromEntries(
      Object.entries(settings).map(([kind, channels]) => [kind, { ...channels, email: true }]),
    ) as TNotificationSettings;
    preferences = withNotificationSettings(preferences, everyEmail);
  }
  await context.database.db.update(users).set({ preferences, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
  return { search: presentSearchPreferences(preferences), email };
}

/** Confines the member to /deactivated until they reactivate; every other session ends. */
export async function deactivate(context: AppContext, auth: Authenticated, meta: RequestMeta): Promise<IssuedTokens> {
  accountPolicy.assertNotImpersonating(auth);
  const tokens = await context.database.db.transaction(async (tx) => {
    // Only an open account: closing it again must not turn an admin's closing into the member's own.
    await tx
      .update(users)
      .set({ deactivatedAt: new Date(), deactivatedById: auth.user.id, updatedAt: new Date() })
      .where(and(eq(users.id, auth.user.id), isNull(users.deactivatedAt)));
    await revokeAllSessions(tx, auth.user.id);
    await writeAudit(tx, {
      actorId: auth.user.id,
      action: "account.deactivated",
      targetUserId: auth.user.id,
      ip: meta.ip,
    });
    return startSession(context, tx, { user: auth.user, ip: meta.ip, userAgent: meta.userAgent });
  });
  await endConnections(context, auth);
  return tokens;
}

/**
 * Reopens an account the member closed themselves. One an admin closed (a member or staff: an operator must not
 * give themselves the consoles back) stays closed: only an admin lifts it, audited.
 */
export async function reactivate(context: AppContext, auth: Authenticated, ip: string): Promise<void> {
  accountPolicy.assertNotImpersonating(auth);
  await context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ deactivatedById: users.deactivatedById })
      .from(users)
      .where(eq(users.id, auth.user.id))
      .for("update");
    if (row?.deactivatedById && row.deactivatedById !== auth.user.id) {
      throw new AppError("forbidden", accountMessages.closedByTeam);
    }
    await tx
      .update(users)
      .set({ deactivatedAt: null, deactivatedById: null, updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    await writeAudit(tx, { actorId: auth.user.id, action: "account.reactivated", targetUserId: auth.user.id, ip });
  });
}

/** Deletes the account for good (erasure.ts lists what goes and what stays), and ends every session. */
export async function deleteAccount(context: AppContext, auth: Authenticated, password: string): Promise<void> {
  accountPolicy.assertNotImpersonating(auth);
  await assertCurrentPassword(context, auth, password, "password");
  await eraseMember(context, await loadUserRow(context.database.db, auth.user.id));
  await endConnections(context, auth);
}

/** Turns notification emails off from a mail link, without signing in. */
export async function unsubscribe(context: AppContext, token: string): Promise<void> {
  const userUuid = readUnsubscribeToken(context.config, token);
  if (!userUuid) throw AppError.field("token", accountMessages.unsubscribeInvalid);
  const { db } = context.database;
  const [user] = await db.select().from(users).where(eq(users.uuid, userUuid));
  if (!user || user.deletedAt) throw AppError.field("token", accountMessages.unsubscribeInvalid);
  const preferences = { ...user.preferences, email: { ...user.preferences.email, notifications: false } };
  await db.update(users).set({ preferences, updatedAt: new Date() }).where(eq(users.id, user.id));
}
