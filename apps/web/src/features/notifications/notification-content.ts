import type { TNotification } from "@velvet/shared/api/notifications";

/**
 * What a notification says and where it leads (spec §2 "Notification bell and
 * list"), shared by the list, the in-page popup and the browser notification.
 * The data fields beyond the common ones differ per action type, so they are read defensively.
 */
type NotificationFields = Pick<TNotification, "data">;

const actionTexts: Record<TNotification["data"]["action_type"], string> = {
  MESSAGE_RECEIVED: "has sent you a message",
  PROFILE_VIEW: "has viewed your profile",
  USER_LIKE: "liked your profile",
  USER_FAVORITE: "favorited your profile",
  // Ours: the spec gives winks an icon but no wording.
  PROFILE_WINK: "winked at you",
};

/** A string at a path inside the notification's data, or undefined when any step is missing. */
function stringAt(data: unknown, ...path: string[]): string | undefined {
  let value = data;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function notificationText(notification: NotificationFields): string {
  const count = messageCount(notification);
  if (count > 1) return `has sent you ${count} messages`;
  return actionTexts[notification.data.action_type];
}

/**
 * How many messages a conversation's item stands for: the server keeps one item per conversation and counts
 * the messages not yet read. 1 for every other kind, and for an item without a count.
 */
export function messageCount(notification: NotificationFields): number {
  const count = (notification.data as { count?: unknown }).count;
  return notification.data.action_type === "MESSAGE_RECEIVED" && typeof count === "number" && count > 1 ? count : 1;
}

/** The latest message's words, for the line under a message item (a photo or wink has none). */
export function latestMessageText(notification: NotificationFields): string | undefined {
  if (notification.data.action_type !== "MESSAGE_RECEIVED" || notificationMessageType(notification) !== "text") {
    return undefined;
  }
  return stringAt(notification.data, "message", "text")?.trim() || undefined;
}

/** The sentence for screen readers and browser notifications: "Nikki1976 liked your profile". */
export function notificationSentence(notification: NotificationFields): string {
  return `${notification.data.from_user_name} ${notificationText(notification)}`;
}

/** The type of message a MESSAGE_RECEIVED notification is about (text, image, wink or trigger). */
export function notificationMessageType(notification: NotificationFields): string | undefined {
  return stringAt(notification.data, "message", "type");
}

/**
 * The page a click opens: the conversation for a message, otherwise the other member's profile
 * (spec §2 table). A missing nested uuid falls back to the sender's.
 */
export function notificationTarget(notification: NotificationFields): string {
  const { data } = notification;
  switch (data.action_type) {
    case "MESSAGE_RECEIVED": {
      const conversationUuid = stringAt(data, "message", "conversation", "uuid");
      return conversationUuid ? `/messages/${conversationUuid}` : "/messages";
    }
    case "PROFILE_VIEW":
      return `/profile/${stringAt(data, "viewer", "uuid") ?? data.from_user_uuid}`;
    case "USER_LIKE":
      return `/profile/${stringAt(data, "liker", "uuid") ?? data.from_user_uuid}`;
    case "USER_FAVORITE":
    case "PROFILE_WINK":
      return `/profile/${data.from_user_uuid}`;
  }
}

/**
 * The other member as the notification names them in its own details: the message's sender,
 * the viewer or the liker. A favorite carries no such details (spec §5), so it has none.
 */
export function otherMemberUuid(notification: NotificationFields): string | undefined {
  const { data } = notification;
  switch (data.action_type) {
    case "MESSAGE_RECEIVED":
      return stringAt(data, "message", "from", "uuid");
    case "PROFILE_VIEW":
      return stringAt(data, "viewer", "uuid");
    case "USER_LIKE":
      return stringAt(data, "liker", "uuid");
    default:
      return undefined;
  }
}

/** Which icon sits on the avatar. A wink sent in a chat is a wink too. */
export type NotificationIconKind = "message" | "view" | "like" | "favorite" | "wink";

export function notificationIconKind(notification: NotificationFields): NotificationIconKind {
  switch (notification.data.action_type) {
    case "MESSAGE_RECEIVED":
      return notificationMessageType(notification) === "wink" ? "wink" : "message";
    case "PROFILE_VIEW":
      return "view";
    case "USER_LIKE":
      return "like";
    case "USER_FAVORITE":
      return "favorite";
    case "PROFILE_WINK":
      return "wink";
  }
}

/** The `t` of POST /push-notification-clicks (spec §7): 2 for winks, 1 for everything else. */
export function pushClickType(notification: NotificationFields): 1 | 2 {
  return notificationIconKind(notification) === "wink" ? 2 : 1;
}

/** The fixed `x` of POST /push-notification-clicks (spec §7). */
export const PUSH_CLICK_SOURCE = 28;
