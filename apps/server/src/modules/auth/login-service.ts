import { authMessages, fillMessage } from "@velvet/shared/validation/messages";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema";
import { AppError } from "../../platform/http/app-error";
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from "./passwords";
import { type IssuedTokens, startSession } from "./session-service";

/** 5 failures a minute for one email from one IP; a 6th attempt waits. */
export const LOGIN_FAILURES_PER_MINUTE = 5;
/** Many IPs guessing one account: 20 failures in 15 minutes locks it for the rest of the window. */
export const ACCOUNT_FAILURES_PER_WINDOW = 20;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;

function throttled(seconds: number): AppError {
  return new AppError("throttled", fillMessage(authMessages.throttle, { seconds }), { retryAfterSeconds: seconds });
}

function failed(): AppError {
  return AppError.field("email", authMessages.failed);
}

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}

/**
 * Unknown email and wrong password answer the same, in about the same time
 * (a throwaway hash is verified when there is no account).
 */
export async function login(context: AppContext, input: LoginInput): Promise<IssuedTokens> {
  const email = input.email.toLowerCase();
  const pairKey = `login:${email}:${input.ip}`;
  const accountKey = `login-account:${email}`;
  const [pair, account] = await Promise.all([context.attempts.peek(pairKey), context.attempts.peek(accountKey)]);
  if (pair.count >= LOGIN_FAILURES_PER_MINUTE) throw throttled(pair.resetInSeconds);
  if (account.count >= ACCOUNT_FAILURES_PER_WINDOW) throw throttled(account.resetInSeconds);

  const { db } = context.database;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt), eq(users.isFictional, false)));
  let passwordMatches = false;
  if (user?.passwordHash) passwordMatches = await verifyPassword(user.passwordHash, input.password);
  else await spendVerificationTime(input.password);

  if (!user || !passwordMatches) {
    await Promise.all([context.attempts.hit(pairKey, 60), context.attempts.hit(accountKey, ACCOUNT_WINDOW_SECONDS)]);
    throw failed();
  }
  // Only with the right password: a wrong one answers the usual 422, so nothing more leaks (issue 17).
  if (user.suspendedAt) throw new AppError("forbidden", authMessages.suspended);

  await context.attempts.reset(pairKey);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return startSession(context, db, { user, ip: input.ip, userAgent: input.userAgent });
}
