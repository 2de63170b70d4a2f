import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import type { LetterRenderers } from "../../platform/mail/mail-queue";
import { mailSite, passwordResetMail, verifyEmailMail } from "../../platform/mail/templates";
import { createEmailToken } from "./email-tokens";
import { findActiveUserByEmail } from "./registration-service";

/**
 * The member, unless deleted, with their row held until the token is written: an account deletion running at the
 * same moment (accounts/erasure.ts locks the row first) either finishes before, and the letter is not sent, or
 * waits and erases the new token with the rest. Without the lock a token written just after the erasure's delete
 * outlived the account, holding its email address.
 */
async function lockedMember(tx: Db, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("share");
  return user && !user.deletedAt ? user : undefined;
}

/**
 * The letters that carry a sign-in link. Each creates its token when its job runs, not when it is queued: the
 * queue never holds a usable token, and a mail held back by an SMTP outage still arrives with a full 60 minutes.
 */
export function authLetters(context: AppContext): Pick<LetterRenderers, "verify_email" | "password_reset"> {
  const { db } = context.database;
  const site = mailSite(context.config);
  return {
    verify_email: async ({ user_id, email: asked }) => {
      const email = asked.toLowerCase();
      const token = await db.transaction(async (tx) => {
        const user = await lockedMember(tx, user_id);
        if (!user) return undefined;
        // Only an address still waiting for its confirmation: a newer change or a confirmation meanwhile ends it.
        const awaiting =
          user.pendingEmail?.toLowerCase() === email ||
          (user.email?.toLowerCase() === email && !user.emailVerifiedAt && !user.pendingEmail);
        return awaiting ? createEmailToken(tx, user.id, "verify_email", email) : undefined;
      });
      if (!token) return undefined;
      const url = `${context.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      return { to: email, ...verifyEmailMail(site, url) };
    },
    password_reset: async ({ email }) => {
      const found = await findActiveUserByEmail(context, email);
      if (!found) return undefined;
      const sent = await db.transaction(async (tx) => {
        const user = await lockedMember(tx, found.id);
        if (!user?.email || user.email.toLowerCase() !== email.toLowerCase()) return undefined;
        return { to: user.email, token: await createEmailToken(tx, user.id, "reset_password", user.email) };
      });
      if (!sent) return undefined;
      const url = `${context.config.appUrl}/reset-password?token=${encodeURIComponent(sent.token)}&email=${encodeURIComponent(sent.to)}`;
      return { to: sent.to, ...passwordResetMail(site, url) };
    },
  };
}
