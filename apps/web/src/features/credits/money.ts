import type { TCreditPackage } from "@velvet/shared/api/credits";
import { formatCount } from "../../lib/format-count";

/** "A$49.95": prices arrive as decimal strings and are shown as they are, never through floats. */
export function formatPrice(price: string, currency: string): string {
  return currency === "AUD" ? `A$${price}` : `${price} ${currency}`;
}

/** "49.95" -> 4995, read as text so no float ever rounds it. */
export function centsOf(price: string): number {
  const [whole = "0", fraction = ""] = price.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** 4995 -> "49.95". */
export function formatCentsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The GST inside a GST-inclusive Australian price (one eleventh), e.g. "4.54" of "49.95". */
export function gstOf(price: string): string {
  return formatCentsText(Math.round(centsOf(price) / 11));
}

/** Every credit a purchase brings: the package, its bonus, and any promotion or VIP extra. */
export function totalCredits(
  item: Pick<TCreditPackage, "credits" | "bonus_credits" | "promo_bonus_credits" | "vip_bonus_credits">,
): number {
  return item.credits + item.bonus_credits + item.promo_bonus_credits + item.vip_bonus_credits;
}

/** "6.4c per credit", rounded to a tenth of a cent. */
export function perCredit(item: TCreditPackage): string | null {
  const credits = totalCredits(item);
  if (item.kind !== "credits" || credits === 0) return null;
  return `${(centsOf(item.price) / credits).toFixed(1)}c per credit`;
}

export function formatCredits(credits: number): string {
  return formatCount(credits);
}

/** "100" or "100.5" or "100.50" dollars to cents, read as text so no float rounds it; null when not an amount. */
export function centsFromDollars(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
