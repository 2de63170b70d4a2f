import { promoEventNames } from "../constants/promotions";
import { z } from "../validation/z";

/*
 * Admin: promo events and their windows. The name is one of the
 * events the site knows (spec §1): the navbar's badge and the popups are
 * drawn per event, so a free-text name would be a promotion nobody sees.
 * Limits match the promotions table's checks.
 */

export const promotionAdminMessages = {
  endsBeforeStart: "The end must be after the start.",
  overlap: "This window overlaps another promotion: {name} from {starts_at} to {ends_at}.",
  noOffer: "Give a discount or a bonus (or both).",
} as const;

export const PROMOTION_MAX_DISCOUNT_PERCENT = 90;
export const PROMOTION_MAX_BONUS_PERCENT = 200;

export const ZAdminPromotionRequestSchema = z
  .object({
    name: z.enum(promoEventNames),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    discount_percent: z.number().int().min(0).max(PROMOTION_MAX_DISCOUNT_PERCENT),
    bonus_percent: z.number().int().min(0).max(PROMOTION_MAX_BONUS_PERCENT),
  })
  .superRefine(
    (raw, context) => {
      const value = raw as Partial<Record<"starts_at" | "ends_at" | "discount_percent" | "bonus_percent", unknown>>;
      if (typeof value.starts_at === "string" && typeof value.ends_at === "string") {
        const starts = Date.parse(value.starts_at);
        const ends = Date.parse(value.ends_at);
        if (Number.isFinite(starts) && Number.isFinite(ends) && ends <= starts) {
          context.addIssue({ code: "custom", path: ["ends_at"], message: promotionAdminMessages.endsBeforeStart });
        }
      }
      if (value.discount_percent === 0 && value.bonus_percent === 0) {
        context.addIssue({ code: "custom", path: ["discount_percent"], message: promotionAdminMessages.noOffer });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type TAdminPromotionRequest = z.infer<typeof ZAdminPromotionRequestSchema>;

export const ZAdminPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  discount_percent: z.number().int(),
  bonus_percent: z.number().int(),
  /** upcoming, running or ended, by the server's clock at the time of the answer. */
  status: z.enum(["upcoming", "running", "ended"]),
});
export type TAdminPromotion = z.infer<typeof ZAdminPromotionSchema>;

export const ZAdminPromotionListQuerySchema = z.object({
  /** Ended promotions are left out unless asked for: the list is for planning. */
  include_ended: z
    .enum(["1", "0", "true", "false"])
    .optional()
    .transform((value) => value === "1" || value === "true"),
});
export const ZAdminPromotionListResponseSchema = z.object({ data: z.array(ZAdminPromotionSchema) });
export const ZAdminPromotionResponseSchema = z.object({ data: ZAdminPromotionSchema });
