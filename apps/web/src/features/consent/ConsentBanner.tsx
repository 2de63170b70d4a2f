import { lazy, Suspense, useSyncExternalStore } from "react";
import { consentState, subscribeConsent } from "../../lib/consent";
import { removePrerenderedBanner } from "./prerendered-banner";

/** The banner itself loads only when it shows: a returning visitor, who has chosen, never downloads it. */
const loadBannerPanel = () => import("./BannerPanel");
const BannerPanel = lazy(loadBannerPanel);

/**
 * Starts loading the banner while the app starts (the client configuration, the first page's guards), when this
 * visitor has not chosen yet: the banner is often the largest thing the first paint shows. Until it
 * mounts, the server's prerendered copy stands in its place.
 */
export function preloadConsentBanner(): void {
  // A choice kept only in localStorage (its cookie copy cleared): the server sent the banner, but it is not wanted.
  if (consentState().choice) removePrerenderedBanner();
  else loadBannerPanel().catch(() => {});
}

function useConsentState() {
  return useSyncExternalStore(subscribeConsent, consentState, consentState);
}

export function ConsentBanner() {
  const { choice, settingsOpen } = useConsentState();
  if (choice && !settingsOpen) return null;
  // A fresh form for each opening, starting from the stored choice.
  return (
    <Suspense fallback={null}>
      <BannerPanel key={choice?.decided_at ?? "first"} settingsOpen={settingsOpen} />
    </Suspense>
  );
}
