/**
 * A two-factor challenge earned somewhere other than the sign-in form (the payment return link), held in memory
 * for the sign-in page's code step to finish. Never in the URL or storage: it is half of a sign-in.
 */
let held: { challenge: string; until: number } | null = null;
/** The server's challenge lasts five minutes; a sign-in page opened later starts from the password. */
const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** Holds the challenge and answers where its code step is: the sign-in page, which then goes to `destination`. */
export function continueWithCode(challenge: string, destination: string): string {
  held = { challenge, until: Date.now() + CHALLENGE_LIFETIME_MS };
  return `/login?redirect=${encodeURIComponent(destination)}`;
}

export function heldChallenge(): string | null {
  return held && held.until > Date.now() ? held.challenge : null;
}

export function releaseHeldChallenge(): void {
  held = null;
}
