import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { emailTokens } from "../../platform/db/schema/auth";
import { hashToken, randomToken } from "../../platform/security/secrets";

export type EmailTokenPurpose = "verify_email" | "reset_password";
/** Links in mail work for 60 minutes. */
export const EMAIL_TOKEN_TTL_MINUTES = 60;

/** Creates a single-use token for `email`, replacing any unused one of the same purpose. */
export async function createEmailToken(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  email: string,
): Promise<string> {
  const token = randomToken();
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  await db.insert(emailTokens).values({
    userId,
    purpose,
    email: email.toLowerCase(),
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MINUTES * 60_000),
  });
  return token;
}

export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** The token row if it exists for this purpose and has not expired (used or not: callers decide). */
export async function findEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .for("update");
  if (!row || row.expiresAt <= new Date()) return undefined;
  return row;
}

export async function markEmailTokenUsed(db: Db, id: number): Promise<void> {
  await db.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, id));
}
