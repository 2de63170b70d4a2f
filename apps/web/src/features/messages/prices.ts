import type { TMessageType } from "@velvet/shared/api/conversations";
import { passFreeMessageTypes, type TCreditPrice } from "@velvet/shared/api/credits";

/** What sending a message of this type costs the member now; null while the price list is unknown. */
export function priceOf(
  prices: readonly TCreditPrice[] | undefined,
  type: TMessageType,
  hasPass: boolean,
): number | null {
  if (hasPass && passFreeMessageTypes.includes(type)) return 0;
  return prices?.find((price) => price.type === type)?.credits ?? null;
}

export function creditsText(credits: number): string {
  if (credits <= 0) return "Free";
  return credits === 1 ? "1 credit" : `${credits} credits`;
}
