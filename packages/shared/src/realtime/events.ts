import type { TMessage } from "../api/conversations";
import type { TNotification } from "../api/notifications";
import type { TOperatorQueueChanged } from "../api/operator";

/**
 * The typed map of server-to-client real-time events: channel name builders,
 * event names and their payloads. Publishers and subscribers both import from
 * here so a renamed event breaks the build rather than silently dropping messages.
 */
export const realtimeChannels = {
  notifications: (userUuid: string) => `private-notifications.user.${userUuid}`,
  credits: (userUuid: string) => `private-credits.user.${userUuid}`,
  duration: (userUuid: string) => `private-duration.user.${userUuid}`,
  conversation: (conversationUuid: string) => `private-conversation.${conversationUuid}`,
  /** Staff only (operators and admins, never an impersonated session): the operator queue's changes. */
  operatorQueue: () => "private-operator.queue",
} as const;

export const realtimeEvents = {
  newNotification: "NEW_NOTIFICATION",
  creditsEarned: "CreditsEarned",
  balanceChanged: "BalanceChanged",
  passStarted: "PassStarted",
  passEnded: "PassEnded",
  messageCreated: "message.created",
  messageRead: "message.read",
  typing: "client-typing",
  unreadMessages: "UnreadMessagesCount",
  queueChanged: "queue.changed",
  notificationsRead: "NotificationsRead",
  messageHidden: "MessageHidden",
} as const;

export type RealtimeEventName = (typeof realtimeEvents)[keyof typeof realtimeEvents];

/**
 * Payloads by event. Features that publish an event narrow its entry here
 * (the notification and message resources arrive with their features).
 */
export interface RealtimeEventPayloads {
  /** The presented notification, the same shape as an item of GET /api/user-notifications. */
  NEW_NOTIFICATION: TNotification;
  CreditsEarned: { credits: number; balance: number };
  /**
   * On the member's credits channel whenever credits are spent or taken back (CreditsEarned covers additions):
   * every open tab and device shows the same balance without asking.
   */
  BalanceChanged: { balance: number };
  PassStarted: { expires_at: string };
  PassEnded: { ended_at: string };
  "message.created": TMessage;
  "message.read": { conversation_uuid: string; read_at: string; up_to_message_id: number; reader_uuid: string };
  "client-typing": { username: string };
  /** On the member's notifications channel when notifications were read elsewhere (a conversation was read). */
  NotificationsRead: { unread_count: number };
  /**
   * On the member's own notifications channel (never the conversation's, which the partner also hears) when they
   * deleted a message for themselves: their other tabs drop it too.
   */
  MessageHidden: { conversation_uuid: string; message_id: number };
  /** On the member's notifications channel whenever their unread message count changes. */
  UnreadMessagesCount: { unread_messages_count: number };
  /** On private-operator.queue whenever conversations enter, change in or leave the operator queue. */
  "queue.changed": TOperatorQueueChanged;
}

/**
 * Close codes our server uses. pusher-js maps 4000 to tls_only, 4001-4099 to
 * refused (no reconnect), 4100-4199 to backoff, 4200-4299 to retry, 4300+ to refused.
 */
export const realtimeCloseCodes = {
  unknownAppKey: 4001,
  protocolUnsupported: 4007,
  protocolMissing: 4008,
  /** The member was suspended (or a publisher called terminate_connections): do not reconnect. */
  unauthorizedConnection: 4009,
  /**
   * The session that authorised the connection ended (sign-out, password change or reset, email change,
   * deactivation, deletion). In the refused range so pusher-js never reconnects on its own with the dead
   * session's token; the web app checks its session and reconnects only if it still has a live one.
   */
  sessionEnded: 4010,
  /** Too many connections, or new connections, from one address: pusher-js retries a second later. */
  overCapacity: 4100,
  serverShuttingDown: 4200,
  pongNotReceived: 4201,
  clientEventRateExceeded: 4301,
} as const;

export const pusherProtocolVersion = 7;
