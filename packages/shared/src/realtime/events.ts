import type { TMessage } from "../api/conversations";
import type { TNotification } from "../api/notifications";

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
} as const;

export const realtimeEvents = {
  newNotification: "NEW_NOTIFICATION",
  creditsEarned: "CreditsEarned",
  passStarted: "PassStarted",
  passEnded: "PassEnded",
  messageCreated: "message.created",
  messageRead: "message.read",
  typing: "client-typing",
  unreadMessages: "UnreadMessagesCount",
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
  PassStarted: { expires_at: string };
  PassEnded: { ended_at: string };
  "message.created": TMessage;
  "message.read": { conversation_uuid: string; read_at: string; up_to_message_id: number; reader_uuid: string };
  "client-typing": { username: string };
  /** On the member's notifications channel whenever their unread message count changes. */
  UnreadMessagesCount: { unread_messages_count: number };
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
  serverShuttingDown: 4200,
  pongNotReceived: 4201,
  clientEventRateExceeded: 4301,
} as const;

export const pusherProtocolVersion = 7;
