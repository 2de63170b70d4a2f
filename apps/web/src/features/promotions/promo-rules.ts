import type { TCurrentUser } from "@velvet/shared/api/auth";
import type { TCreditPackage } from "@velvet/shared/api/credits";
import type { TAbTestEventRequest, TPromotion } from "@velvet/shared/api/promotions";
import { timings } from "@velvet/shared/constants/limits";
import { promoBadgeEvents, type TPromoEventName } from "@velvet/shared/constants/promotions";

type PromoUser = Pick<TCurrentUser, "eventName" | "features">;

/**
 * Whether the navbar's promo badge shows (spec §2: the summer or halloween event, for members in group v1). What
 * it says is the running promotion's real offer: promoBadgeLabel.
 */
export function showsPromoBadge(user: PromoUser | null): boolean {
  return Boolean(user?.eventName && promoBadgeEvents.includes(user.eventName) && user.features.promoBadge === "v1");
}

/**
 * The badge's text from the running promotion's own numbers, never a fixed "-40%": "-25%" for a price cut,
 * "+40% credits" for extra credits (both when it has both); null when it offers nothing.
 */
export function promoBadgeLabel(
  promotion: Pick<TPromotion, "discount_percent" | "bonus_percent"> | null,
): string | null {
  if (!promotion) return null;
  const parts = [
    promotion.discount_percent > 0 ? `-${promotion.discount_percent}%` : null,
    promotion.bonus_percent > 0 ? `+${promotion.bonus_percent}% credits` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(" ") : null;
}

/** The A/B event to send, or null: only when the member has both a variant and an event name (spec §7). */
export function promoBadgeEvent(
  user: PromoUser | null,
  value: TAbTestEventRequest["value"],
): TAbTestEventRequest | null {
  const group = user?.features.promoBadge;
  if (!group || !user?.eventName) return null;
  return { ab_test_type: "promo_badge", group, value };
}

/** 'viewed' counts 2 s after a load of, or navigation to, /dashboard (spec §7 and §9). */
export function viewedEventFor(user: PromoUser | null, pathname: string): TAbTestEventRequest | null {
  return pathname === "/dashboard" ? promoBadgeEvent(user, "viewed") : null;
}

/** Starts the 'viewed' countdown for this page; the returned function cancels it (navigating away first). */
export function scheduleViewedEvent(
  user: PromoUser | null,
  pathname: string,
  send: (event: TAbTestEventRequest) => void,
): () => void {
  const event = viewedEventFor(user, pathname);
  if (!event) return () => {};
  const timer = setTimeout(() => send(event), timings.promoBadgeViewedDelayMs);
  return () => clearTimeout(timer);
}

/** The popup comes once per event and year, per browser. */
export function popupKey(eventName: string): string {
  return `velvet.promo-popup.${eventName}.${new Date().getFullYear()}`;
}

export const promoEventLabels: Record<TPromoEventName, string> = {
  solstice: "Winter solstice",
  summer: "Summer sale",
  valentines: "Valentine's Day",
  xmas: "Christmas",
  patricks: "St Patrick's Day",
  easter: "Easter",
  halloween: "Halloween",
  "black-friday": "Black Friday",
  "cyber-monday": "Cyber Monday",
};

export interface PromoOffer {
  /** 'up to 2500 credits' (a price cut) or '+1000 credits' (extra credits), from the shelf's own numbers. */
  headline: string;
  detail: string;
  /** The present box to show: the 2,500 package, or the 1,000 extra credits. */
  present: 1000 | 2500;
}

/**
 * What a promotion popup says, worked out from the priced shelf so it can
 * never promise more than the store gives (spec §1: 'up to 2500 credits',
 * '+1000 credits').
 */
export function promoOffer(promotion: TPromotion, shelf: readonly TCreditPackage[]): PromoOffer | null {
  const credits = shelf.filter((item) => item.kind === "credits");
  if (promotion.discount_percent > 0) {
    const largest = Math.max(0, ...credits.filter((item) => item.regular_price !== null).map((item) => item.credits));
    if (largest === 0) return null;
    return {
      headline: `up to ${largest} credits`,
      detail: `${promotion.discount_percent}% off every credit package`,
      present: 2500,
    };
  }
  const extra = Math.max(0, ...credits.map((item) => item.promo_bonus_credits));
  if (extra === 0) return null;
  return {
    headline: `+${extra} credits`,
    detail: `${promotion.bonus_percent}% extra credits on every package`,
    present: 1000,
  };
}
