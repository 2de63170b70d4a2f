/**
 * Query keys of the notifications feature. Everything sits under "notifications",
 * so a new notification refreshes the list and the unread count in one call.
 */
export const notificationKeys = {
  all: ["notifications"] as const,
  count: ["notifications", "count"] as const,
  list: ["notifications", "list"] as const,
};
