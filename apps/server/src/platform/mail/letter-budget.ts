import { createHmac } from "node:crypto";
import type { AppContext } from "../app-context";
import type { LetterName } from "./mail-queue";

/**
 * Letters a stranger can make the site send to any address (an email change, a password reset, a confirmation
 * link, a ticket's or a report's acknowledgement): at most this many a day to one address, whoever asks. Past
 * it the request answers as usual and nothing is queued, so the limit reveals nothing; the event is logged.
 */
export const LETTERS_PER_ADDRESS_PER_DAY = 5;
const DAY_SECONDS = 24 * 3600;

/** The address as the logs and counters name it: never the address itself. */
function addressKey(secret: string, address: string): string {
  return createHmac("sha256", secret).update(`letters-to:${address.trim().toLowerCase()}`).digest("hex").slice(0, 32);
}

/** Counts one letter to `address`; false when the day's budget is spent (the caller then queues nothing). */
export async function withinLetterBudget(context: AppContext, address: string, letter: LetterName): Promise<boolean> {
  const key = addressKey(context.config.appSecret, address);
  const { count } = await context.attempts.hit(`letters-to:${key}`, DAY_SECONDS);
  if (count <= LETTERS_PER_ADDRESS_PER_DAY) return true;
  context.logger.warn(
    { event: "mail.address_limit", letter, address_key: key, limit: LETTERS_PER_ADDRESS_PER_DAY },
    "letter not queued: the address had its letters for the day",
  );
  return false;
}
