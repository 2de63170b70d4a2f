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

/** Events whose offer is a price cut: the navbar's '-40%' promo badge advertises them (spec §2). */
export const promoBadgeEvents: readonly TPromoEventName[] = ["summer", "halloween"];
export const promoBadgeLabel = "-40%";

export const promoBadgeVariants = ["v1", "v2"] as const;
export type TPromoBadgeVariant = (typeof promoBadgeVariants)[number];

/** The free credits a member who starts deleting their account may take instead, once (has_account_deletion_promo). */
export const deletionOfferCredits = 100;
