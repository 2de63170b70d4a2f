import type { TPromotion } from "@velvet/shared/api/promotions";
import { promoEventNames, type TPromoEventName } from "@velvet/shared/constants/promotions";
import { and, desc, gt, lte } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { defineCache } from "../../platform/cache/caches";
import { promotions } from "../../platform/db/schema/promotions";

export interface RunningPromotion {
  name: TPromoEventName;
  startsAt: Date;
  endsAt: Date;
  discountPercent: number;
  bonusPercent: number;
}

/**
 * Every /api/me asks; the calendar changes a few times a year, so a process asks the database at most this often.
 * An admin's change drops it at once in the process that made it (cache-invalidation.ts, on "promotions.changed");
 * other processes see it within CACHE_MS.
 */
const CACHE_MS = 30_000;
export const currentPromotionCache = defineCache<"current", { promotion: RunningPromotion | null; until: number }>({
  name: "current-promotion",
  max: 1,
  ttlMs: CACHE_MS,
});

function isEventName(name: string): name is TPromoEventName {
  return (promoEventNames as readonly string[]).includes(name);
}

/** The promotion running now; when windows overlap, the one that started last (the more specific) wins. */
export async function currentPromotion(
  context: Pick<AppContext, "database" | "caches">,
  now = new Date(),
): Promise<RunningPromotion | null> {
  const cache = context.caches.of(currentPromotionCache);
  const cached = cache.get("current");
  if (cached && cached.until > now.getTime()) return cached.promotion;
  const [row] = await context.database.db
    .select()
    .from(promotions)
    .where(and(lte(promotions.startsAt, now), gt(promotions.endsAt, now)))
    .orderBy(desc(promotions.startsAt))
    .limit(1);
  const promotion = row && isEventName(row.name) ? { ...row, name: row.name } : null;
  // Never serve a promotion past its end from the cache.
  const until = Math.min(now.getTime() + CACHE_MS, promotion?.endsAt.getTime() ?? Number.POSITIVE_INFINITY);
  cache.set("current", { promotion, until });
  return promotion;
}

/** Review accounts (payment-provider reviewers) never see promotions. */
export function promotionFor(user: { isReviewAccount: boolean }, promotion: RunningPromotion | null) {
  return user.isReviewAccount ? null : promotion;
}

export function presentPromotion(promotion: RunningPromotion): TPromotion {
  return {
    name: promotion.name,
    starts_at: promotion.startsAt.toISOString(),
    ends_at: promotion.endsAt.toISOString(),
    discount_percent: promotion.discountPercent,
    bonus_percent: promotion.bonusPercent,
  };
}
