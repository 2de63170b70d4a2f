import { useQueryClient } from "@tanstack/react-query";
import { notificationToastMessages, type TNotification } from "@velvet/shared/api/notifications";
import { useMemo } from "react";
import { muteFailureMessage } from "./mute-failure";
import { markAllRead, markOneRead, type NotificationPages, removeNotification } from "./notification-cache";
import { notificationKeys } from "./notification-keys";
import { toastDeleted, toastFailure, toastMuted, toastUnmuted } from "./notification-toasts";
import {
  deleteNotification,
  muteSender,
  saveAllNotificationsRead,
  saveNotificationRead,
  unmuteSender,
} from "./notifications-api";

/**
 * What a member does with the list. Reads change the cache at once and save in
 * the background; the unread count is fetched again once the server has it.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const updateList = (change: (pages: NotificationPages | undefined) => NotificationPages | undefined) =>
      queryClient.setQueryData<NotificationPages>(notificationKeys.list, change);
    const refreshCount = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.count });
    const lowerCount = (by: number | "all") =>
      queryClient.setQueryData<number>(notificationKeys.count, (count) =>
        count === undefined ? count : by === "all" ? 0 : Math.max(0, count - by),
      );

    const undoMute = (name: string) =>
      unmuteSender(name).then(
        () => toastUnmuted(name),
        () => toastFailure(notificationToastMessages.undoMuteFailed),
      );

    return {
      /** Clicking an item saves it read; the link itself opens the page. */
      opened(notification: TNotification) {
        if (notification.read_at) return;
        updateList((pages) => markOneRead(pages, notification.id, new Date().toISOString()));
        lowerCount(1);
        saveNotificationRead(notification.id)
          .catch((error: unknown) => console.warn("Marking a notification read failed", error))
          .finally(refreshCount);
      },

      /** Every listed notification read here, and all of them on the server (read-all). */
      readAll() {
        const readAt = new Date().toISOString();
        updateList((pages) => markAllRead(pages, readAt));
        lowerCount("all");
        saveAllNotificationsRead()
          // A refetch that started before the save may have brought them back unread.
          .then(() => updateList((pages) => markAllRead(pages, readAt)))
          .catch((error: unknown) => console.warn("Marking notifications read failed", error))
          .finally(refreshCount);
      },

      async remove(notification: TNotification) {
        updateList((pages) => removeNotification(pages, notification.id));
        try {
          await deleteNotification(notification.id);
          toastDeleted();
          if (!notification.read_at) refreshCount();
        } catch {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          toastFailure(notificationToastMessages.deleteFailed);
        }
      },

      async mute(notification: TNotification) {
        const name = notification.data.from_user_name;
        try {
          await muteSender(name);
          toastMuted(name, () => void undoMute(name));
        } catch (error) {
          toastFailure(muteFailureMessage(error));
        }
      },
    };
  }, [queryClient]);
}

export type NotificationActions = ReturnType<typeof useNotificationActions>;
