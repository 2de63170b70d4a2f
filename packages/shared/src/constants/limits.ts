/** Business constants and limits, spec §9. Durations in milliseconds unless named otherwise. */
export const limits = {
  passwordMinLength: 8,
  passwordMaxLength: 128,
  emailLocalPartMax: 64,
  emailDomainMax: 254,
  urlMax: 2083,
  minimumAge: 18,
  maximumAge: 100,
  conversationPageSize: 10,
  desktopBreakpointPx: 1023,
  popupTrackingBelowPx: 1024,
  compactLayoutMaxPx: 768,
} as const;

export const timings = {
  onlineCountRefreshMs: 300_000,
  notificationPopupLifetimeMs: 5_000,
  deletionToastMs: 2_000,
  muteToastMs: 2_000,
  undoMuteToastMs: 10_000,
  errorToastMs: 1_500,
  clickTrackingThrottleMs: 1_000,
  promoBadgeViewedDelayMs: 2_000,
  maintenanceLayoutRotateMs: 5_000,
  relativeTimeRefreshMs: 60_000,
  tokenRefreshInterval: 10,
  snackbarMs: 3_500,
  toastMs: 2_000,
  carouselIntervalMs: 3_500,
  dataFetchMinimumDisplayMs: 200,
  deviceIdIdleFallbackMs: 500,
  loadingBarDurationMs: 5_000,
  loadingBarThrottleMs: 200,
} as const;

/** pusher-js client timings (spec §9 "Real-time client"). */
export const realtimeClientTimings = {
  activityTimeoutMs: 120_000,
  pongTimeoutMs: 30_000,
  unavailableTimeoutMs: 10_000,
  transportCacheMs: 30 * 60_000,
  websocketAttemptTimeoutMs: 15_000,
  websocketAttemptTimeoutMaxMs: 60_000,
  reconnectDelayMs: 1_000,
  timelineLimit: 50,
  statsIntervalMs: 60_000,
} as const;

/** Query-string parsing limits (spec §9). */
export const queryStringLimits = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

/** Compact relative-time wording for screens 768 px wide or less (spec §9). */
export const compactRelativeTime = {
  s: "few sec",
  m: "a min",
  mm: "%dm",
  h: "an hr",
  hh: "%d hrs",
  d: "a day",
  dd: "%d days",
  M: "a month",
  MM: "%d months",
  y: "a year",
  yy: "%d years",
} as const;
