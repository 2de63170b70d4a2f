import { promoBadgeLabel } from "@velvet/shared/constants/promotions";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAuthStore } from "../auth/auth-store";
import { popupKey, promoBadgeEvent, scheduleViewedEvent, showsPromoBadge } from "./promo-rules";
import { sendAbTestEvent } from "./promotions-api";

/** The popup needs the priced shelf (and its schemas): it loads only when an event is on. */
const SeasonalPopup = lazy(() => import("./SeasonalPopup"));

function alreadyShown(eventName: string): boolean {
  try {
    return window.localStorage.getItem(popupKey(eventName)) !== null;
  } catch {
    return true;
  }
}

/**
 * The running promotion in the member navbar: the '-40%' badge for group v1
 * in summer and halloween, its A/B events, and the event's popup (once per
 * event, on /dashboard). The popup is a card in a corner, never a modal:
 * the page under it stays usable.
 */
export function SeasonalPromotions() {
  const user = useAuthStore((state) => state.user);
  const { key, pathname } = useLocation();
  const group = user?.features.promoBadge ?? null;
  const eventName = user?.eventName ?? null;
  const promo = useMemo(
    () => ({ eventName, features: { promoBadge: group, muteUserNotifications: false } }),
    [eventName, group],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (a new location key) restarts the 2 s count.
  useEffect(() => scheduleViewedEvent(promo, pathname, sendAbTestEvent), [key, pathname, promo]);

  // Decided once per arrival: the popup marks itself shown when it opens and must not vanish on the next render.
  const [popupFor, setPopupFor] = useState<typeof eventName>(null);
  useEffect(() => {
    if (eventName && pathname === "/dashboard" && !alreadyShown(eventName)) setPopupFor(eventName);
  }, [eventName, pathname]);

  return (
    <>
      {showsPromoBadge(promo) ? (
        <Link
          to="/credits/package"
          onClick={() => {
            const event = promoBadgeEvent(promo, "clicked");
            if (event) sendAbTestEvent(event);
          }}
          className="inline-flex items-center rounded-pill bg-gradient-to-r from-amber-300 to-rose-400 px-2.5 py-1 text-xs font-extrabold tracking-wide text-velvet-950 shadow-glow ring-1 ring-white/40 transition hover:brightness-110"
          aria-label={`${promoBadgeLabel} on credit packages`}
        >
          {promoBadgeLabel}
        </Link>
      ) : null}
      {popupFor ? (
        <Suspense fallback={null}>
          <SeasonalPopup eventName={popupFor} />
        </Suspense>
      ) : null}
    </>
  );
}
