import { promoBadgeVariants, promoEventNames } from "../constants/promotions";
import { z } from "../validation/z";
import { resourceResponse } from "./envelope";

/** The running promotion: a time window and its offer on credit packages. */
export const ZPromotionSchema = z.object({
  name: z.enum(promoEventNames),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Percent off the price of credit packages. */
  discount_percent: z.number().int(),
  /** Extra credits, as a percent of a credit package's credits, added as their own ledger row. */
  bonus_percent: z.number().int(),
});
export type TPromotion = z.infer<typeof ZPromotionSchema>;

/** POST /api/ab-test-events (spec §7): sent only when the member has both a variant and an event name. */
export const ZAbTestEventRequestSchema = z.object({
  ab_test_type: z.literal("promo_badge"),
  group: z.enum(promoBadgeVariants),
  value: z.enum(["viewed", "clicked"]),
});
export type TAbTestEventRequest = z.infer<typeof ZAbTestEventRequestSchema>;

export const ZDeletionOfferResponseSchema = resourceResponse(
  z.object({ credits: z.number().int(), balance: z.number().int() }),
);

export const promotionMessages = {
  noPromotion: "There is no promotion running right now.",
  wrongGroup: "This is not your test group.",
  deletionOfferUsed: "This offer is no longer available.",
} as const;
