import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { useAuthStore } from "../auth";
import { popupKey, scheduleViewedEvent, sendAbTestEvent, showsPromoBadge } from "../promotions";

/** The popup and the badge need the priced shelf (and its schemas): they load only when an event is on. */
const SeasonalPopup = lazy(() => import("./SeasonalPopup"));
const PromoBadge = lazy(() => import("./PromoBadge"));

function alreadyShown(eventName: string): boolean {
  try {
    return window.localStorage.getItem(popupKey(eventName)) !== null;
  } catch {
    return true;
  }
}

/**
 * The running promotion in the member navbar: the badge with its real offer
 * (e.g. "-40%") for group v1 in summer and halloween, its A/B events, and the event's popup (once per
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
        <Suspense fallback={null}>
          <PromoBadge promo={promo} />
        </Suspense>
      ) : null}
      {popupFor ? (
        <Suspense fallback={null}>
          <SeasonalPopup eventName={popupFor} />
        </Suspense>
      ) : null}
    </>
  );
}
