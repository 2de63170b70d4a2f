import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuthStore } from "../features/auth";
import { announceMessageHidden, conversationKeys } from "../features/messages";
import { handleNewNotification, handleNotificationsRead, refreshNotificationCount } from "../features/notifications";
import { loadRealtimeConnection } from "../features/realtime";
import { clientConfig } from "../lib/client-config";

const SESSION_CHECK_DELAY_MS = 1_000;

/**
 * The signed-in member's real-time connection and what each event changes. Its own chunk, loaded by
 * RealtimeConnection once a member is signed in and the first page has settled: a visitor's first load never
 * carries it, nor a member's before the page shows.
 */
export default function MemberRealtime({ userUuid }: { userUuid: string }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const user = useAuthStore.getState().user;
    if (!userUuid || !user) return;
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
  }, [userUuid, queryClient]);

  return null;
}
