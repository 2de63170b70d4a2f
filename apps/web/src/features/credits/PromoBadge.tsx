import type { TCurrentUser } from "@velvet/shared/api/auth";
import { Link } from "react-router";
import { promoBadgeEvent, promoBadgeLabel, sendAbTestEvent } from "../promotions";
import { useCreditShelf } from "./use-credit-shelf";

/**
 * The navbar's promo badge: the running promotion's real offer, read from the priced shelf (the same answer the
 * store shows, so the badge can never promise what the store does not give). Nothing until it has loaded, and
 * nothing when the promotion offers nothing.
 */
export default function PromoBadge({ promo }: { promo: Pick<TCurrentUser, "eventName" | "features"> }) {
  const shelf = useCreditShelf();
  const label = promoBadgeLabel(shelf.data?.meta.promotion ?? null);
  if (!label) return null;
  return (
    <Link
      to="/credits/package"
      onClick={() => {
        const event = promoBadgeEvent(promo, "clicked");
        if (event) sendAbTestEvent(event);
      }}
      className="inline-flex items-center rounded-pill bg-gradient-to-r from-amber-300 to-rose-400 px-2.5 py-1 text-xs font-extrabold tracking-wide whitespace-nowrap text-velvet-950 shadow-glow ring-1 ring-white/40 transition hover:brightness-110"
      aria-label={`${label} on credit packages`}
      data-testid="promo-badge"
    >
      {label}
    </Link>
  );
}
