// The notifications module's public surface: other modules and the app's wiring import only this file.
export { connectedThroughChannels, DIGEST_EVERY_MS, DIGEST_JOB, NotificationDigest } from "./email-digest";
export { notificationRoutes } from "./routes";
export { notify, readConversationNotifications } from "./service";
export { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-tokens";
