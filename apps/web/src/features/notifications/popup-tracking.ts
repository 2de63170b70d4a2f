import type { TNotification } from "@velvet/shared/api/notifications";
import { callEndpoint } from "../../lib/api-client";
import { hasConsent } from "../../lib/consent";
import { PUSH_CLICK_SOURCE, pushClickType } from "./notification-content";
import { popupTrackingUuid } from "./popup-rules";

/** Tracking and popup failures are logged only; the member is never told (spec §8). */
function logFailure(what: string) {
  return (error: unknown) => console.warn(`${what} could not be recorded`, error);
}

/**
 * POST /site-popups for an in-page popup shown or clicked, when the rules of spec §5 allow it and the visitor
 * consented to statistics (lib/consent).
 */
export function recordPopupEvent(notification: TNotification, action: "IMPRESSION" | "CLICKED"): void {
  if (!hasConsent("statistics")) return;
  const profileUserUuid = popupTrackingUuid(notification, window.innerWidth);
  if (!profileUserUuid) return;
  void import("@velvet/shared/contract/tracking")
    .then(({ trackingEndpoints }) =>
      callEndpoint(
        trackingEndpoints.sitePopup,
        {
          body: {
            profile_user_uuid: profileUserUuid,
            notification_type: notification.data.action_type,
            action_type: action,
          },
        },
        { progress: false },
      ),
    )
    .catch(logFailure(`Popup ${action.toLowerCase()}`));
}

/** POST /push-notification-clicks?x=28&t=1|2 when a browser notification is clicked (spec §7), with consent. */
export function recordPushClick(notification: TNotification): void {
  if (!hasConsent("statistics")) return;
  // The contract loads with the first popup or click, not with the page (it brings zod).
  void import("@velvet/shared/contract/tracking")
    .then(({ trackingEndpoints }) =>
      callEndpoint(
        trackingEndpoints.pushClick,
        { query: { x: PUSH_CLICK_SOURCE, t: pushClickType(notification) } },
        { progress: false },
      ),
    )
    .catch(logFailure("Push notification click"));
}
