import type { QueryClient } from "@tanstack/react-query";
import { keepFirstPage, type NotificationPages } from "./notification-cache";
import { notificationKeys } from "./notification-keys";

/**
 * NEW_NOTIFICATION from the member's channel (spec §4): the list goes back to page 1
 * and is fetched again, the unread count is refreshed, and the notification pops up.
 * The popup's rules and pictures load with the first one, outside the first-load bundle;
 * the promise settles once it has been handled (tests wait on it).
 */
export function handleNewNotification(queryClient: QueryClient, payload: unknown): Promise<void> {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, keepFirstPage);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  return import("./present-popup")
    .then(({ presentPopup }) => presentPopup(payload))
    .catch((error: unknown) => console.warn("Notification popup failed", error));
}

/**
 * NotificationsRead: the member read a conversation here or in another tab, and the server marked
 * its grouped message notification read. The bell's count is set at once and the list fetched again.
 */
export function handleNotificationsRead(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData(notificationKeys.count, unreadCount);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
}

/**
 * The member's own channel is listening: anything that changed between the page's first fetch and now came as an
 * event nobody heard (a conversation read in this very page load, say), so the bell asks again once.
 */
export function refreshNotificationCount(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.count });
}
