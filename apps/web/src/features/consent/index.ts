// The consent feature's public surface: the banner the app shell mounts once. The choice itself lives in
// lib/consent, which the device id, click tracking and campaign capture read.
export { ConsentBanner, preloadConsentBanner } from "./ConsentBanner";
