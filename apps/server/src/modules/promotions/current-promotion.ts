import type { TPromotion } from "@velvet/shared/api/promotions";
import { promoEventNames, type TPromoEventName } from "@velvet/shared/constants/promotions";
import { and, desc, gt, lte } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { promotions } from "../../platform/db/schema";

export interface RunningPromotion {
  name: TPromoEventName;
  startsAt: Date;
  endsAt: Date;
  discountPercent: number;
  bonusPercent: number;
}

/** Every /api/me asks; the calendar changes a few times a year, so a process asks the database at most this often. */
const CACHE_MS = 30_000;
const cache = new WeakMap<Db, { promotion: RunningPromotion | null; until: number }>();

function isEventName(name: string): name is TPromoEventName {
  return (promoEventNames as readonly string[]).includes(name);
}

/** The promotion running now; when windows overlap, the one that started last (the more specific) wins. */
export async function currentPromotion(db: Db, now = new Date()): Promise<RunningPromotion | null> {
  const cached = cache.get(db);
  if (cached && cached.until > now.getTime()) return cached.promotion;
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(lte(promotions.startsAt, now), gt(promotions.endsAt, now)))
    .orderBy(desc(promotions.startsAt))
    .limit(1);
  const promotion = row && isEventName(row.name) ? { ...row, name: row.name } : null;
  // Never serve a promotion past its end from the cache.
  const until = Math.min(now.getTime() + CACHE_MS, promotion?.endsAt.getTime() ?? Number.POSITIVE_INFINITY);
  cache.set(db, { promotion, until });
  return promotion;
}

/** After the calendar changes (an admin edit, a test), the next read goes to the database. */
export function forgetCurrentPromotion(db: Db): void {
  cache.delete(db);
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
