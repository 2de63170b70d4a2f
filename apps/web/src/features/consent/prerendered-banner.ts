/**
 * The server puts a copy of the banner, rendered at build time (apps/web/build/prerendered-consent-banner.ts), into
 * the page of a visitor who has not chosen, so it paints before the scripts run. Its buttons are disabled
 * until React's banner, enabled, takes its place.
 */
export const PRERENDERED_BANNER_ID = "consent-banner-prerendered";

/** Drops the server's copy: when React's banner mounts in its place, or at start when this browser has chosen after all. */
export function removePrerenderedBanner(): void {
  document.getElementById(PRERENDERED_BANNER_ID)?.remove();
}
