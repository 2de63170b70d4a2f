import { authMessages, fillMessage } from "@velvet/shared/validation/messages";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { addressKey } from "../../platform/http/address-key";
import { AppError } from "../../platform/http/app-error";
import { claimReturnLink } from "../payments";
import { type IssuedTokens, startSession } from "../sessions";
import { clearPasswordFailures, countSignInFailure } from "./password-failures";
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from "./passwords";
import { completeChallenge, issueChallengeIfEnabled } from "./two-factor";

/** 5 attempts a minute for one email from one IP; a 6th waits (a success clears the pair). */
export const LOGIN_FAILURES_PER_MINUTE = 5;
/** Many IPs guessing one account: 20 failures in 15 minutes locks it for the rest of the window. */
export const ACCOUNT_FAILURES_PER_WINDOW = 20;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** One IP trying many addresses (credential stuffing): 30 failures in 10 minutes, whatever the addresses. */
export const IP_FAILURES_PER_WINDOW = 30;
const IP_WINDOW_SECONDS = 10 * 60;

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
export async function login(context: AppContext, input: LoginInput): Promise<IssuedTokens | { challenge: string }> {
  const email = input.email.toLowerCase();
  // An IPv6 host by its /64: it may use any address in it.
  const address = addressKey(input.ip);
  const pairKey = `login:${email}:${address}`;
  const accountKey = `login-account:${email}`;
  const ipKey = `login-ip:${address}`;
  // Counted before the password is checked, in one atomic increment per limit: parallel guesses each
  // take a number first, so no more than the limit ever reach the (slow) verification.
  const [pair, account, ip] = await Promise.all([
    context.attempts.hit(pairKey, 60),
    context.attempts.hit(accountKey, ACCOUNT_WINDOW_SECONDS),
    context.attempts.hit(ipKey, IP_WINDOW_SECONDS),
  ]);
  const exceeded =
    (pair.count > LOGIN_FAILURES_PER_MINUTE && pair) ||
    (account.count > ACCOUNT_FAILURES_PER_WINDOW && account) ||
    (ip.count > IP_FAILURES_PER_WINDOW && ip);
  if (exceeded) {
    // A refused attempt never reached the check: the account and IP counts keep only real failures,
    // so hammering one pair past its limit does not also lock the account for everyone else.
    await Promise.all([context.attempts.forgive(accountKey), context.attempts.forgive(ipKey)]);
    throw throttled(exceeded.resetInSeconds);
  }

  const { db } = context.database;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt), eq(users.isFictional, false)));
  let passwordMatches = false;
  if (user?.passwordHash) passwordMatches = await verifyPassword(user.passwordHash, input.password);
  else await spendVerificationTime(input.password);

  // A failure keeps its three counts; a success takes back the ones it took, so only failures accumulate.
  if (!user || !passwordMatches) {
    if (user) await countSignInFailure(context, user.id);
    throw failed();
  }
  // Only with the right password: a wrong one answers the usual 422, so nothing more leaks.
  if (user.suspendedAt) throw new AppError("forbidden", authMessages.suspended);

  await Promise.all([
    context.attempts.reset(pairKey),
    context.attempts.forgive(accountKey),
    context.attempts.forgive(ipKey),
    clearPasswordFailures(context, user.id),
  ]);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  // Two-factor sign-in: the right password only earns the step that asks for the code.
  const challenge = await issueChallengeIfEnabled(context, user.id);
  if (challenge) return { challenge };
  return startSession(context, db, { user, ip: input.ip, userAgent: input.userAgent });
}

/** The second step for a member with two-factor sign-in: the challenge and a code start the session. */
export async function loginWithSecondFactor(
  context: AppContext,
  input: { challenge: string; code: string; ip: string; userAgent: string | undefined },
): Promise<IssuedTokens> {
  const userId = await completeChallenge(context, input.challenge, input.code);
  const { db } = context.database;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError("unauthenticated");
  // Suspended between the two steps: the answer sign-in gives.
  if (user.suspendedAt) throw new AppError("forbidden", authMessages.suspended);
  return startSession(context, db, { user, ip: input.ip, userAgent: input.userAgent });
}

/**
 * Back from a payment provider without a session (spec §4 payment auth): the return link's custom1, with the
 * cookie of the browser that began the checkout, stands in for the password and nothing more. A member with
 * two-factor sign-in gets the same challenge as POST /api/login, finished by POST /api/login/two-factor.
 * Claiming the link and starting the session (or the challenge) are one transaction. Every refusal is one 404.
 */
export async function signInFromPaymentReturn(
  context: AppContext,
  input: { custom1: string; checkoutBrowser: string | undefined; ip: string; userAgent: string | undefined },
): Promise<IssuedTokens | { challenge: string }> {
  const outcome = await context.database.db.transaction(async (tx) => {
    const buyer = await claimReturnLink(tx, input.custom1, input.checkoutBrowser);
    if (!buyer) return undefined;
    const challenge = await issueChallengeIfEnabled(context, buyer.id, tx);
    if (challenge) return { challenge };
    return startSession(context, tx, { user: buyer, ip: input.ip, userAgent: input.userAgent });
  });
  if (!outcome) throw new AppError("not_found");
  return outcome;
}
