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
