import type { AppContext } from "../../platform/app-context";

/**
 * One count per member of wrong passwords, wherever they were typed: at sign-in (for an existing account) and
 * wherever a signed-in member must confirm theirs (password and email change, deletion, two-factor setup). A
 * session held by someone else (a borrowed phone, a stolen token) must not become a way to guess the password
 * without the sign-in limits: past 5 in 15 minutes the confirmation answers 429 and the session ends.
 */
export const PASSWORD_FAILURES_PER_MEMBER = 5;
export const PASSWORD_FAILURE_WINDOW_SECONDS = 15 * 60;

const keyOf = (userId: number) => `password-failures:${userId}`;

/**
 * Takes a number before the password is checked (one atomic increment: parallel guesses cannot all get through),
 * and says whether this attempt may be checked at all.
 */
export async function takePasswordAttempt(
  context: AppContext,
  userId: number,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { count, resetInSeconds } = await context.attempts.hit(keyOf(userId), PASSWORD_FAILURE_WINDOW_SECONDS);
  return { allowed: count <= PASSWORD_FAILURES_PER_MEMBER, retryAfterSeconds: resetInSeconds };
}

/** A wrong password at sign-in: counted for the member, as a wrong confirmation is. */
export async function countSignInFailure(context: AppContext, userId: number): Promise<void> {
  await context.attempts.hit(keyOf(userId), PASSWORD_FAILURE_WINDOW_SECONDS);
}

/** The right password: whoever typed it knows it, so earlier slips no longer count. */
export async function clearPasswordFailures(context: AppContext, userId: number): Promise<void> {
  await context.attempts.reset(keyOf(userId));
}
