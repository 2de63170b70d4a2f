import { passFreeMessageTypes } from "@velvet/shared/api/credits";

/** The 24-hour unlimited-message pass: the types of the shared list (text, wink) are free while it lasts. */
export const PASS_FREE_TYPES: ReadonlySet<string> = new Set(passFreeMessageTypes);

export function hasUnlimitedPass(user: { unlimitedUntil: Date | null }, now = new Date()): boolean {
  return user.unlimitedUntil !== null && user.unlimitedUntil.getTime() > now.getTime();
}
