import type { TCurrentUser } from "@velvet/shared/api/auth";
import type { TClientConfig } from "@velvet/shared/api/system";
import { realtimeClientTimings } from "@velvet/shared/constants/limits";
import {
  type RealtimeEventPayloads,
  realtimeChannels,
  realtimeCloseCodes,
  realtimeEvents,
} from "@velvet/shared/realtime/events";
import Pusher from "pusher-js";
import { readAccessToken } from "../../lib/auth-storage";
import { type ConnectionState, CREDITS_EARNED_EVENT, useRealtimeStore } from "./realtime-store";

export interface RealtimeHandlers {
  /** Something may have changed on the server: refresh the user and counts. */
  refreshUser(): void;
  /** A new notification (the presented resource): refresh the list and count, and show its popup. */
  notificationReceived(notification: RealtimeEventPayloads[typeof realtimeEvents.newNotification]): void;
  /** Back after a drop: refetch whatever could have been missed. */
  reconnected(): void;
  /** The member's unread message count changed (a message arrived, or was read in any tab). */
  unreadMessagesChanged(count: number): void;
  /** Credits were spent or taken back in any tab or device: the balance as it now stands. */
  balanceChanged(balance: number): void;
  /** The member deleted a message for themselves in any tab: drop it here too. */
  messageHidden(event: RealtimeEventPayloads[typeof realtimeEvents.messageHidden]): void;
  /** Notifications were read elsewhere (a conversation read in any tab): refresh the bell. */
  notificationsRead(unreadCount: number): void;
  /** The member's notifications channel is listening (first time): fetch what changed before it was. */
  listening(): void;
  /**
   * The server closed the socket because the session that authorised it ended (or the account was suspended):
   * pusher-js stays away on its own. Resolves whether this tab still has a live session to reconnect with.
   */
  sessionEnded(): Promise<boolean>;
}

/** Closes that mean "the session behind this socket is gone" (pusher-js's refused range: no reconnect of its own). */
const SESSION_CLOSE_CODES: readonly number[] = [
  realtimeCloseCodes.sessionEnded,
  realtimeCloseCodes.unauthorizedConnection,
];

/**
 * The member's real-time connection (loaded only after sign-in, never in the
 * first bundle). pusher-js unchanged, pointed at our own server: WebSocket
 * transports only, no stats, so it never reaches an outside host.
 */
export function connectRealtime(config: TClientConfig, user: TCurrentUser, handlers: RealtimeHandlers): () => void {
  const { realtime } = config;
  const pusher = new Pusher(realtime.key, {
    cluster: realtime.cluster,
    wsHost: realtime.wsHost,
    wsPort: realtime.wsPort,
    wssPort: realtime.wsPort,
    httpHost: realtime.wsHost,
    statsHost: realtime.wsHost,
    forceTLS: realtime.forceTLS,
    enabledTransports: ["ws", "wss"],
    disableStats: true,
    activityTimeout: realtimeClientTimings.activityTimeoutMs,
    pongTimeout: realtimeClientTimings.pongTimeoutMs,
    unavailableTimeout: realtimeClientTimings.unavailableTimeoutMs,
    channelAuthorization: {
      endpoint: "/api/broadcasting/auth",
      transport: "ajax",
      headersProvider: () => ({ Authorization: `Bearer ${readAccessToken() ?? ""}` }),
    },
  });

  const store = useRealtimeStore.getState();
  store.setPusher(pusher);
  let wasConnected = false;
  pusher.connection.bind("state_change", ({ current }: { current: ConnectionState }) => {
    store.setState(current);
    if (current !== "connected") return;
    // Events sent while we were away are not replayed by the protocol, so fetch what may have changed.
    // (Channels subscribe again on their own; an open conversation catches up when its subscription succeeds.)
    if (wasConnected) handlers.reconnected();
    wasConnected = true;
  });

  // Signing out elsewhere, a password or email change: a tab that still holds a live session (the one that
  // changed the password) reconnects and authorises its channels again; a signed-out one stays away.
  pusher.connection.bind("error", (error: { data?: { code?: number } } | undefined) => {
    const code = error?.data?.code;
    if (code === undefined || !SESSION_CLOSE_CODES.includes(code)) return;
    void handlers.sessionEnded().then((stillSignedIn) => {
      if (stillSignedIn) pusher.connect();
    });
  });

  const notifications = pusher.subscribe(realtimeChannels.notifications(user.uuid));
  // Only the first subscription: after a drop, `reconnected` already refetches everything.
  let listening = false;
  notifications.bind("pusher:subscription_succeeded", () => {
    if (!listening) handlers.listening();
    listening = true;
  });
  notifications.bind(
    realtimeEvents.newNotification,
    (payload: RealtimeEventPayloads[typeof realtimeEvents.newNotification]) => handlers.notificationReceived(payload),
  );
  notifications.bind(
    realtimeEvents.unreadMessages,
    (payload: RealtimeEventPayloads[typeof realtimeEvents.unreadMessages]) =>
      handlers.unreadMessagesChanged(payload.unread_messages_count),
  );
  notifications.bind(
    realtimeEvents.notificationsRead,
    (payload: RealtimeEventPayloads[typeof realtimeEvents.notificationsRead]) =>
      handlers.notificationsRead(payload.unread_count),
  );
  notifications.bind(
    realtimeEvents.messageHidden,
    (payload: RealtimeEventPayloads[typeof realtimeEvents.messageHidden]) => handlers.messageHidden(payload),
  );
  const credits = pusher.subscribe(realtimeChannels.credits(user.uuid));
  credits.bind(realtimeEvents.creditsEarned, (payload: unknown) => {
    handlers.refreshUser();
    window.dispatchEvent(new CustomEvent(CREDITS_EARNED_EVENT, { detail: payload }));
  });
  credits.bind(realtimeEvents.balanceChanged, (payload: RealtimeEventPayloads[typeof realtimeEvents.balanceChanged]) =>
    handlers.balanceChanged(payload.balance),
  );
  // Review accounts (rv) see no pass timers.
  if (!user.rv) {
    const duration = pusher.subscribe(realtimeChannels.duration(user.uuid));
    duration.bind(realtimeEvents.passStarted, () => handlers.refreshUser());
    duration.bind(realtimeEvents.passEnded, () => handlers.refreshUser());
  }

  return () => {
    pusher.disconnect();
    store.setPusher(null);
    store.setState("disconnected");
  };
}
