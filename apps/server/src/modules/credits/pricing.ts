import { vipBenefits } from "@velvet/shared/api/credits";
import type { RunningPromotion } from "../promotions";
import type { CreditPackageRow } from "./packages";

export interface Quote {
  /** What the member pays now, in cents (GST included). */
  priceCents: number;
  /** The price before a discount, when one applies. */
  regularPriceCents: number | null;
  /** The package's own credits, its bonus included. */
  credits: number;
  promoBonusCredits: number;
  vipBonusCredits: number;
  /** The running promotion changed this quote (recorded on the payment). */
  promotionApplied: boolean;
}

function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

function discounted(cents: number, percent: number): number {
  return Math.round((cents * (100 - percent)) / 100);
}

/**
 * The one pricing rule, used for the shelf and for the payment alike: a
 * promotion cuts the price of credit packages or adds a share of their
 * credits; VIP members get extra credits on credit packages and the 24-hour
 * pass for less. Extras are computed on the package's base credits.
 */
export function quotePackage(
  item: Pick<CreditPackageRow, "kind" | "credits" | "bonusCredits" | "priceCents">,
  context: { promotion: Pick<RunningPromotion, "discountPercent" | "bonusPercent"> | null; vip: boolean },
): Quote {
  let priceCents = item.priceCents;
  let promoBonusCredits = 0;
  let vipBonusCredits = 0;
  let promotionApplied = false;
  if (item.kind === "credits") {
    if (context.promotion) {
      promotionApplied = context.promotion.discountPercent > 0 || context.promotion.bonusPercent > 0;
      priceCents = discounted(priceCents, context.promotion.discountPercent);
      promoBonusCredits = percentOf(item.credits, context.promotion.bonusPercent);
    }
    if (context.vip) vipBonusCredits = percentOf(item.credits, vipBenefits.packageBonusPercent);
  } else if (item.kind === "pass" && context.vip) {
    priceCents = discounted(priceCents, vipBenefits.passDiscountPercent);
  }
  return {
    priceCents,
    regularPriceCents: priceCents === item.priceCents ? null : item.priceCents,
    credits: item.credits + item.bonusCredits,
    promoBonusCredits,
    vipBonusCredits,
    promotionApplied,
  };
}

/** "49.95": money leaves the server as a decimal string, never a float. */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function isVip(user: { vipUntil: Date | null }, now = new Date()): boolean {
  return user.vipUntil !== null && user.vipUntil.getTime() > now.getTime();
}
