import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import type { LetterRenderers } from "../../platform/mail/mail-queue";
import { mailSite, passwordResetMail, verifyEmailMail } from "../../platform/mail/templates";
import { createEmailToken } from "./email-tokens";
import { findActiveUserByEmail } from "./registration-service";

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
      const [user] = await db.select().from(users).where(eq(users.id, user_id));
      if (!user || user.deletedAt) return undefined;
      // Only an address still waiting for its confirmation: a newer change or a confirmation meanwhile ends this one.
      const awaiting =
        user.pendingEmail?.toLowerCase() === email ||
        (user.email?.toLowerCase() === email && !user.emailVerifiedAt && !user.pendingEmail);
      if (!awaiting) return undefined;
      const token = await createEmailToken(db, user.id, "verify_email", email);
      const url = `${context.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      return { to: email, ...verifyEmailMail(site, url) };
    },
    password_reset: async ({ email }) => {
      const user = await findActiveUserByEmail(context, email);
      if (!user?.email) return undefined;
      const token = await createEmailToken(db, user.id, "reset_password", user.email);
      const url = `${context.config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      return { to: user.email, ...passwordResetMail(site, url) };
    },
  };
}
