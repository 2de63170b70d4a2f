/**
 * Promotion constants, free of zod so the first-load bundle (the navbar's
 * promo badge) can use them; the API schemas in api/promotions.ts build on them.
 */

/** The seasonal promotion events of spec §1; the current one is `eventName` on the current user. */
export const promoEventNames = [
  "solstice",
  "summer",
  "valentines",
  "xmas",
  "patricks",
  "easter",
  "halloween",
  "black-friday",
  "cyber-monday",
] as const;
export type TPromoEventName = (typeof promoEventNames)[number];

/**
 * Events that show the navbar's promo badge (spec §2, "-40%" for their default price cut). The badge says the
 * running promotion's actual offer, whatever an admin set it to (web: promoBadgeLabel).
 */
export const promoBadgeEvents: readonly TPromoEventName[] = ["summer", "halloween"];

export const promoBadgeVariants = ["v1", "v2"] as const;
export type TPromoBadgeVariant = (typeof promoBadgeVariants)[number];

/** The free credits a member who starts deleting their account may take instead, once (has_account_deletion_promo). */
export const deletionOfferCredits = 100;
