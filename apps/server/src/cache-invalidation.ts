import { currentPromotionCache } from "./modules/promotions";
import type { AppContext } from "./platform/app-context";

/**
 * The one place where a change drops what a cache holds: writers emit what changed (after commit) and never call a
 * cache. Caches with nothing here need no invalidation, and say why where they are declared: the verified access
 * tokens (a token's claims never change; dropped at its expiry), their signing keys (derived from the secret) and
 * the sanitised pages (checked against the stored text on every read).
 *
 * Events are in-process, so another process's cache learns of a change only through its own bounds: the current
 * promotion within its 30 seconds.
 */
export function subscribeCacheInvalidation({ caches, events }: Pick<AppContext, "caches" | "events">): () => void {
  const unsubscribe = [events.on("promotions.changed", () => caches.of(currentPromotionCache).clear())];
  return () => {
    for (const stop of unsubscribe) stop();
  };
}
