import { lazy, Suspense, useSyncExternalStore } from "react";
import { consentState, subscribeConsent } from "../../lib/consent";

/** The banner itself loads only when it shows: a returning visitor, who has chosen, never downloads it. */
const BannerPanel = lazy(() => import("./BannerPanel"));

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
