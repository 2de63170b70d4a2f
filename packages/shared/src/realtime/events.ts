/**
 * The typed map of server-to-client real-time events: channel name builders and
 * event names. Publishers and subscribers both import from here so a renamed
 * event breaks the build rather than silently dropping messages.
 * Payload types are filled in by the features that publish them.
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
  messageCreated: "message.created",
  messageRead: "message.read",
  typing: "client-typing",
} as const;

export type RealtimeEventName = (typeof realtimeEvents)[keyof typeof realtimeEvents];

/** Close codes our server uses; pusher-js maps 4000-4099 to tls_only, 4100-4199 to backoff, 4200-4299 to retry, 4300+ to refused. */
export const realtimeCloseCodes = {
  unknownAppKey: 4001,
  protocolUnsupported: 4007,
  protocolMissing: 4008,
  unauthorizedConnection: 4009,
  serverShuttingDown: 4200,
  pongNotReceived: 4201,
  clientEventRateExceeded: 4301,
} as const;

export const pusherProtocolVersion = 7;
