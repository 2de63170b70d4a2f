import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuthStore } from "../features/auth";
import { announceMessageHidden, conversationKeys } from "../features/messages";
import { handleNewNotification, handleNotificationsRead, refreshNotificationCount } from "../features/notifications";
import { loadRealtimeConnection, useRealtimeStore } from "../features/realtime";
import { clientConfig } from "../lib/client-config";
import { usePageSettled } from "../lib/use-page-settled";

const SESSION_CHECK_DELAY_MS = 1_000;

/**
 * Opens the real-time connection while a member is signed in. pusher-js loads lazily, once the first page has
 * settled (lib/page-settled.ts): the page a member opens comes first, its live updates a moment after.
 */
export function RealtimeConnection() {
  const userUuid = useAuthStore((state) => state.user?.uuid);
  const queryClient = useQueryClient();
  const connectionState = useRealtimeStore((state) => state.state);
  const pageSettled = usePageSettled();

  // Exposed on <html> for styling hooks and for the browser tests.
  useEffect(() => {
    document.documentElement.dataset.realtimeState = connectionState;
  }, [connectionState]);

  useEffect(() => {
    const user = useAuthStore.getState().user;
    if (!pageSettled || !userUuid || !user) return;
    let disconnect: (() => void) | undefined;
    let cancelled = false;
    const refreshUser = () => void useAuthStore.getState().fetchUser();
    void loadRealtimeConnection().then(({ connectRealtime }) => {
      if (cancelled) return;
      disconnect = connectRealtime(clientConfig(), user, {
        refreshUser,
        notificationReceived: (notification) => {
          void handleNewNotification(queryClient, notification);
          refreshUser();
        },
        reconnected: () => {
          refreshUser();
          void queryClient.invalidateQueries();
        },
        sessionEnded: async () => {
          // The close can arrive before the answer that handed this tab a new session (a password change here):
          // give that answer a moment to store its token before checking with the server.
          await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_DELAY_MS));
          if (cancelled) return false;
          await useAuthStore.getState().fetchUser();
          return !cancelled && useAuthStore.getState().loggedIn;
        },
        unreadMessagesChanged: (count) => {
          const current = useAuthStore.getState().user;
          if (current) useAuthStore.getState().setUser({ ...current, unread_messages_count: count });
          void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
        },
        balanceChanged: (balance) => {
          const current = useAuthStore.getState().user;
          if (current) useAuthStore.getState().setUser({ ...current, credits: balance });
        },
        messageHidden: (event) => {
          announceMessageHidden(event);
          // The list's preview may have been that message.
          void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
        },
        notificationsRead: (unreadCount) => handleNotificationsRead(queryClient, unreadCount),
        listening: () => refreshNotificationCount(queryClient),
      });
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [pageSettled, userUuid, queryClient]);

  return null;
}
