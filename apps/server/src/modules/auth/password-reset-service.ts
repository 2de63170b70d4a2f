import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { passwordMessages } from "@velvet/shared/validation/messages";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { emailTokens } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import { withinLetterBudget } from "../../platform/mail/letter-budget";
import { queueMail } from "../../platform/mail/mail-queue";
import { revokeAllSessions } from "../sessions";
import { findEmailToken, markEmailTokenUsed } from "./email-tokens";
import { hashPassword, isCommonPassword } from "./passwords";

/**
 * Always answers the same, whether or not the address has an account; sends at
 * most one mail a minute per address. The request does the same work either way,
 * so its timing tells nothing: it queues a `password_reset` letter for whatever
 * address was asked, and the letter looks for the member when its job runs
 * (sending nothing when there is none). The link is built from APP_URL only.
 */
export async function requestPasswordReset(context: AppContext, email: string): Promise<void> {
  const { count } = await context.attempts.hit(`reset-mail:${email.toLowerCase()}`, 60);
  if (count > 1) return;
  if (!(await withinLetterBudget(context, email, "password_reset"))) return;
  // For whoever holds the address (maybe nobody): the letter finds the member when it runs, so no member id here.
  await queueMail(context.database.db, "password_reset", { email: email.toLowerCase() }, null);
  context.jobs.kick();
}

/** The reset token's row and its member, or the one "invalid" answer for every way a link can be wrong. */
async function findUsableResetToken(db: Db, input: { token: string; email: string }) {
  const invalid = AppError.field("email", passwordMessages.token);
  const row = await findEmailToken(db, "reset_password", input.token);
  if (!row || row.usedAt || row.email !== input.email.toLowerCase()) throw invalid;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.deletedAt || user.email?.toLowerCase() !== row.email) throw invalid;
  return { row, user };
}

/**
 * Sets a new password from a single-use link; signs out every session; does not sign in.
 * The link is checked before anything is hashed: a made-up token costs a lookup, never an argon2 run.
 */
export async function resetPassword(
  context: AppContext,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const { db } = context.database;
  await findUsableResetToken(db, input);
  if (await isCommonPassword(input.password)) throw AppError.field("password", accountMessages.passwordCommon);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    // Checked again under the row lock: two requests with one link cannot both use it.
    const { row, user } = await findUsableResetToken(tx, input);
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await markEmailTokenUsed(tx, row.id);
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "reset_password"), isNull(emailTokens.usedAt)),
      );
    await revokeAllSessions(tx, user.id);
    return user;
  });
  await context.memberConnections.close({ memberUuid: user.uuid }, realtimeCloseCodes.sessionEnded);
}
