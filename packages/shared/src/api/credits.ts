import { z } from "../validation/z";
import { messageTypes, type TMessageType } from "./conversations";
import { ZPromotionSchema } from "./promotions";

export const ZCreditPriceSchema = z.object({ type: z.enum(messageTypes), credits: z.number().int() });
export type TCreditPrice = z.infer<typeof ZCreditPriceSchema>;

export const ZCreditPricesResponseSchema = z.object({ data: z.array(ZCreditPriceSchema) });

/**
 * Message types the 24-hour pass (has_unli_message) makes free; other types
 * still cost their price. The composer shows prices with this rule.
 */
export const passFreeMessageTypes: readonly TMessageType[] = ["text", "wink"];

export const creditPackageKinds = ["credits", "pass", "vip"] as const;
export type TCreditPackageKind = (typeof creditPackageKinds)[number];

/**
 * A product of the credit store (GET /api/credit-packages), priced for the
 * caller: `price` is what they would pay now (AUD, GST included), after any
 * promotion or VIP discount; `regular_price` is set only when a discount applies.
 */
export const ZCreditPackageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(creditPackageKinds),
  name: z.string(),
  credits: z.number().int(),
  bonus_credits: z.number().int(),
  /** A decimal string, "49.95": money never travels as a float. */
  price: z.string(),
  currency: z.string(),
  regular_price: z.string().nullable(),
  /** Extra credits from the running promotion, added as their own ledger row. */
  promo_bonus_credits: z.number().int(),
  /** Extra credits for VIP members, added as their own ledger row. */
  vip_bonus_credits: z.number().int(),
  /** How long a pass or VIP membership lasts; null for credits. */
  duration_hours: z.number().int().nullable(),
  /** A ribbon such as "Most popular". */
  highlight: z.string().nullable(),
});
export type TCreditPackage = z.infer<typeof ZCreditPackageSchema>;

export const ZVipStatusSchema = z.object({ active: z.boolean(), expires_at: z.string().nullable() });
export type TVipStatus = z.infer<typeof ZVipStatusSchema>;

export const ZCreditPackagesResponseSchema = z.object({
  data: z.array(ZCreditPackageSchema),
  meta: z.object({
    promotion: ZPromotionSchema.nullable(),
    /** The caller's VIP membership; null for guests. */
    vip: ZVipStatusSchema.nullable(),
  }),
});
export type TCreditPackagesResponse = z.infer<typeof ZCreditPackagesResponseSchema>;

/**
 * What VIP membership gives (shown on /vip and /prices, applied by the server's
 * pricing): credits included, a bonus on every credit package, and the
 * 24-hour pass for less.
 */
export const vipBenefits = {
  packageBonusPercent: 20,
  passDiscountPercent: 20,
} as const;
