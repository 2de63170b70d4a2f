import type { TNotification } from "@velvet/shared/api/notifications";
import { limits } from "@velvet/shared/constants/limits";
import { notificationMessageType, otherMemberUuid } from "./notification-content";

/**
 * Which real-time notifications become popups, and which popups are tracked
 * (spec §4 "Notification popup", §5). Pure, so the rules are tested on their own.
 * (No zod here: this runs in the first-load bundle, on every NEW_NOTIFICATION.)
 */
export const POPUP_ACTION_TYPES: ReadonlySet<string> = new Set([
  "MESSAGE_RECEIVED",
  "PROFILE_VIEW",
  "USER_LIKE",
  "USER_FAVORITE",
]);
export const POPUP_MESSAGE_TYPES: ReadonlySet<string> = new Set(["image", "text", "wink", "trigger"]);

/** The shape a popup needs, checked by hand on what arrives over the socket. */
export function isNotificationPayload(value: unknown): value is TNotification {
  if (typeof value !== "object" || value === null) return false;
  const { id, data } = value as { id?: unknown; data?: unknown };
  if (typeof id !== "number" || typeof data !== "object" || data === null) return false;
  const fields = data as Record<string, unknown>;
  return (
    typeof fields.action_type === "string" &&
    typeof fields.from_user_name === "string" &&
    typeof fields.from_user_uuid === "string" &&
    typeof fields.image === "string"
  );
}

/**
 * A popup shows once per notification id, for the four accepted action types only
 * (a PROFILE_WINK is dropped), and for a message only of a type a member sends.
 */
export function acceptsPopup(notification: TNotification, seenIds: ReadonlySet<number>): boolean {
  if (seenIds.has(notification.id)) return false;
  if (!POPUP_ACTION_TYPES.has(notification.data.action_type)) return false;
  if (notification.data.action_type !== "MESSAGE_RECEIVED") return true;
  const messageType = notificationMessageType(notification);
  return messageType !== undefined && POPUP_MESSAGE_TYPES.has(messageType);
}

/**
 * The member a popup impression or click is recorded against, or undefined when it is not
 * recorded: only when the notification names the other member (never for a favorite) and
 * only on screens under 1024 px.
 */
export function popupTrackingUuid(notification: TNotification, viewportWidth: number): string | undefined {
  if (viewportWidth >= limits.popupTrackingBelowPx) return undefined;
  return otherMemberUuid(notification);
}
