import { safeRelativePath } from "../../lib/safe-redirect";

/**
 * The page a member left to buy credits from (a conversation with a message waiting), so the
 * payment result leads back there rather than to /messages. localStorage, not sessionStorage: the
 * gateway may bring the member back in another tab. Kept an hour, enough for any checkout.
 */
const KEY = "velvet.purchase-return";
const KEPT_MS = 60 * 60_000;

export function rememberReturnAfterPurchase(path: string, now = Date.now()): void {
  const safe = safeRelativePath(path);
  try {
    if (safe) window.localStorage.setItem(KEY, JSON.stringify({ path: safe, at: now }));
  } catch {
    // Storage refused: the result page offers /messages as before.
  }
}

/** The page to go back to after a purchase, if one was remembered recently. */
export function returnAfterPurchase(now = Date.now()): string | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? "null") as { path?: unknown; at?: unknown } | null;
    if (!stored || typeof stored.path !== "string" || typeof stored.at !== "number") return null;
    if (now - stored.at > KEPT_MS) return null;
    return safeRelativePath(stored.path);
  } catch {
    return null;
  }
}

/** Once the member went back, a later purchase from elsewhere does not lead there again. */
export function forgetReturnAfterPurchase(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
