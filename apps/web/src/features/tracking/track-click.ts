import type { TTrackClickRequest } from "@velvet/shared/api/tracking";
import { limits, timings } from "@velvet/shared/constants/limits";
import { callEndpoint } from "../../lib/api-client";
import { hasConsent } from "../../lib/consent";

/** Section and button names the server records (spec §7): notification/bell_btn, foldout/menu_btn, popup/no_btn, close_btn. */
export type ClickSection = "foldout" | "header" | "notification" | "popup" | "page";
export type ClickButton = "menu_btn" | "bell_btn" | "close_btn" | "no_btn" | "logout_btn";
export type ClickStatus = NonNullable<TTrackClickRequest["status"]>;

/** A slow tracking call must not hold up what follows it (logout waits for its click). */
const SEND_TIMEOUT_MS = 2_000;

interface ClickTrackerOptions {
  send(body: TTrackClickRequest): Promise<unknown>;
  /** Whether a click may be recorded at all (the visitor's consent); a click it refuses is not counted either. */
  allowed?(): boolean;
  now?(): number;
  log?(message: string, error: unknown): void;
}

/**
 * Click tracking, throttled to one call a second (spec §9): the first click of
 * a window is sent and any other click within the same second is dropped, not
 * queued, so a burst of taps records one event. Failures are only logged
 * (spec §8): the returned promise always resolves, so a caller may await it and
 * carry on whatever happened.
 *
 * Hand-written rather than a throttle library's: the rule is the product's
 * (leading call only, nothing deferred) and the caller needs the send's promise,
 * which the common throttles do not hand back.
 */
export function createClickTracker({
  send,
  allowed = () => true,
  now = Date.now,
  log = (message, error) => console.warn(message, error),
}: ClickTrackerOptions) {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  return function trackClick(
    section_type: ClickSection,
    button_type: ClickButton,
    status?: ClickStatus,
  ): Promise<void> {
    if (!allowed()) return Promise.resolve();
    const at = now();
    if (at - lastSentAt < timings.clickTrackingThrottleMs) return Promise.resolve();
    lastSentAt = at;
    const body: TTrackClickRequest = status ? { section_type, button_type, status } : { section_type, button_type };
    return send(body).then(
      () => undefined,
      (error: unknown) => {
        log(`Click ${section_type}/${button_type} could not be recorded`, error);
      },
    );
  };
}

/**
 * The app's one tracker: POST /api/user-track-clicks, without moving the loading bar, and only once the visitor
 * consented to statistics. The navbar and auth-store use it, so the contract (and zod with it) is imported on the
 * first click, not on first load.
 */
export const trackClick = createClickTracker({
  allowed: () => hasConsent("statistics"),
  send: async (body) => {
    const { trackingEndpoints } = await import("@velvet/shared/contract/tracking");
    return callEndpoint(
      trackingEndpoints.click,
      { body },
      { progress: false, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
    );
  },
});

/**
 * Closing a popup: on phones and tablets (spec §5: popup tracking is for screens
 * under 1024 px) it is the popup's "no" button; on a desktop a plain close button.
 */
export function popupDismissButton(viewportWidth: number): ClickButton {
  return viewportWidth < limits.popupTrackingBelowPx ? "no_btn" : "close_btn";
}
