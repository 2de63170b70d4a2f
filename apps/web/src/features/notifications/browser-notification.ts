import type { TNotification } from "@velvet/shared/api/notifications";
import { timings } from "@velvet/shared/constants/limits";
import { clientConfig } from "../../lib/client-config";
import { goTo } from "../../lib/navigation";
import { notificationSentence, notificationTarget } from "./notification-content";
import { recordPushClick } from "./popup-tracking";

/**
 * The popup as a browser notification, for a hidden page (spec §2 "Notification popups").
 * A click comes back through the app: focus the tab, open the target, record the push click.
 * Discreet on a lock screen: who and what, never the message text.
 */
export function showBrowserNotification(notification: TNotification): void {
  const popup = new Notification(clientConfig().siteName, {
    body: notificationSentence(notification),
    icon: notification.data.image,
    tag: `velvet-notification-${notification.id}`,
  });
  const removal = setTimeout(() => popup.close(), timings.notificationPopupLifetimeMs);
  popup.onclick = () => {
    window.focus();
    goTo(notificationTarget(notification));
    recordPushClick(notification);
    popup.close();
  };
  popup.onclose = () => clearTimeout(removal);
}
