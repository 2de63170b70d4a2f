import { notificationTarget } from "./notification-content";
import { acceptsPopup, isNotificationPayload } from "./popup-rules";
import { usePopupStore } from "./popup-store";
import { recordPopupEvent } from "./popup-tracking";

function browserNotificationsAllowed(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

/**
 * A browser notification while the page is hidden (when the member allowed them),
 * otherwise a popup in the page. Failures are only logged (spec §8).
 */
export async function presentPopup(payload: unknown): Promise<void> {
  const store = usePopupStore.getState();
  if (!isNotificationPayload(payload) || !acceptsPopup(payload, store.seenIds)) return;
  store.markSeen(payload.id);
  if (document.hidden && browserNotificationsAllowed()) {
    const { showBrowserNotification } = await import("./browser-notification");
    showBrowserNotification(payload);
    return;
  }
  // Only member layouts host popups; and a popup about the conversation already open says nothing new.
  if (store.hosts === 0 || window.location.pathname === notificationTarget(payload)) return;
  store.show(payload);
  recordPopupEvent(payload, "IMPRESSION");
}
