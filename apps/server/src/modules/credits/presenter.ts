import type { TCreditPackage } from "@velvet/shared/api/credits";
import type { CreditPackageRow } from "./packages";
import { formatCents, type Quote } from "./pricing";

export function presentCreditPackage(item: CreditPackageRow, quote: Quote): TCreditPackage {
  return {
    id: item.id,
    kind: item.kind as TCreditPackage["kind"],
    name: item.name,
    credits: item.credits,
    bonus_credits: item.bonusCredits,
    price: formatCents(quote.priceCents),
    currency: item.currency,
    regular_price: quote.regularPriceCents === null ? null : formatCents(quote.regularPriceCents),
    promo_bonus_credits: quote.promoBonusCredits,
    vip_bonus_credits: quote.vipBonusCredits,
    duration_hours: item.durationHours,
    highlight: item.highlight,
  };
}
