import type { TNotification } from "@velvet/shared/api/notifications";
import { api } from "../../lib/api-client";
import { PUSH_CLICK_SOURCE, pushClickType } from "./notification-content";
import { popupTrackingUuid } from "./popup-rules";

/** Tracking and popup failures are logged only; the member is never told (spec §8). */
function logFailure(what: string) {
  return (error: unknown) => console.warn(`${what} could not be recorded`, error);
}

/** POST /site-popups for an in-page popup shown or clicked, when the rules of spec §5 allow it. */
export function recordPopupEvent(notification: TNotification, action: "IMPRESSION" | "CLICKED"): void {
  const profileUserUuid = popupTrackingUuid(notification, window.innerWidth);
  if (!profileUserUuid) return;
  void api
    .post(
      "/site-popups",
      { profile_user_uuid: profileUserUuid, notification_type: notification.data.action_type, action_type: action },
      { progress: false },
    )
    .catch(logFailure(`Popup ${action.toLowerCase()}`));
}

/** POST /push-notification-clicks?x=28&t=1|2 when a browser notification is clicked (spec §7). */
export function recordPushClick(notification: TNotification): void {
  void api
    .post("/push-notification-clicks", undefined, {
      query: { x: PUSH_CLICK_SOURCE, t: pushClickType(notification) },
      progress: false,
    })
    .catch(logFailure("Push notification click"));
}
