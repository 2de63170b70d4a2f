import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import { withinLetterBudget } from "../../platform/mail/letter-budget";
import { queueMail } from "../../platform/mail/mail-queue";
import type { UserRow } from "../../platform/members/types";
import { addCredits } from "../ledger";
import { findEmailToken, markEmailTokenUsed } from "./email-tokens";
import { queueVerificationMail } from "./registration-service";

/**
 * At most 3 verification mails an hour per member: enough for a lost or late mail, too few
 * to use our mail server against someone's inbox. The 429 carries Retry-After for the banner to show.
 */
export const RESENDS_PER_HOUR = 3;
const RESEND_WINDOW_SECONDS = 60 * 60;

/**
 * Confirms an address: the registration address (then the account is active and
 * the "account activated" mail goes out) or a new address from account settings
 * (then it replaces the old one, and the old address is told, in case the change
 * was not the member's own doing). Using a link twice is harmless.
 */
export async function verifyEmail(context: AppContext, token: string): Promise<void> {
  const invalid = AppError.field("token", accountMessages.verifyLinkInvalid);
  const result = await context.database.db.transaction(async (tx) => {
    const row = await findEmailToken(tx, "verify_email", token);
    if (!row) throw invalid;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user || user.deletedAt) throw invalid;
    if (row.usedAt) return { activated: false, changedAddress: false, user };

    const changingAddress = user.email?.toLowerCase() !== row.email;
    if (changingAddress) {
      if (user.pendingEmail?.toLowerCase() !== row.email) throw invalid;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, row.email), ne(users.id, user.id)));
      if (taken) throw invalid;
      await tx
        .update(users)
        .set({ email: row.email, pendingEmail: null, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      if (user.email) await queueMail(tx, "email_changed", { to: user.email }, user.id);
    } else if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
      // Once per member: the ledger's unique (reason, reference) refuses a second welcome bonus.
      if (context.config.welcomeCredits > 0) {
        await addCredits(tx, user, context.config.welcomeCredits, "welcome_bonus", `user:${user.id}`);
      }
    }
    await markEmailTokenUsed(tx, row.id);
    const activated = !changingAddress && !user.emailVerifiedAt;
    if (activated && user.email) await queueMail(tx, "account_activated", { to: user.email }, user.id);
    return { activated, changedAddress: changingAddress, user };
  });
  // Every socket of the member re-authorises (the web app reconnects only where its session is still live).
  if (result.changedAddress) {
    await context.memberConnections.close({ memberUuid: result.user.uuid }, realtimeCloseCodes.sessionEnded);
  }
  if (result.activated) context.realtimeEvents.kick();
  context.jobs.kick();
}

export async function resendVerification(context: AppContext, user: UserRow): Promise<void> {
  const { count, resetInSeconds } = await context.attempts.hit(`verify-resend:${user.id}`, RESEND_WINDOW_SECONDS);
  if (count > RESENDS_PER_HOUR) {
    throw new AppError("throttled", undefined, { retryAfterSeconds: resetInSeconds });
  }
  const target = user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);
  if (!target) return;
  if (!(await withinLetterBudget(context, target, "verify_email"))) return;
  await queueVerificationMail(context.database.db, user.id, target);
  context.jobs.kick();
}
