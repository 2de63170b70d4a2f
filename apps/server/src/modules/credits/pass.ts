/** The 24-hour unlimited-message pass: text and wink messages are free while it lasts. */
export const PASS_FREE_TYPES = new Set(["text", "wink"]);

export function hasUnlimitedPass(user: { unlimitedUntil: Date | null }, now = new Date()): boolean {
  return user.unlimitedUntil !== null && user.unlimitedUntil.getTime() > now.getTime();
}
