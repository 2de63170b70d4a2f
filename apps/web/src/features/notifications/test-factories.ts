import type { TNotification, TNotificationListResponse } from "@velvet/shared/api/notifications";
import type { NotificationPages } from "./notification-cache";

/** Builders for the notifications feature's unit tests: data shaped as the server presents it (spec §3). */
export const SENDER = { uuid: "00000000-0000-4000-8000-0000000000aa", username: "Nikki1976" };
export const CONVERSATION_UUID = "00000000-0000-4000-8000-0000000000cc";

const extras: Record<TNotification["data"]["action_type"], Record<string, unknown>> = {
  MESSAGE_RECEIVED: {
    message: { type: "text", text: "Hi!", from: SENDER, conversation: { uuid: CONVERSATION_UUID } },
  },
  PROFILE_VIEW: { viewer: SENDER },
  USER_LIKE: { liker: SENDER },
  USER_FAVORITE: {},
  PROFILE_WINK: {},
};

export function notification(
  overrides: { id?: number; action_type?: TNotification["data"]["action_type"]; read_at?: string | null } = {},
  data: Record<string, unknown> = {},
): TNotification {
  const actionType = overrides.action_type ?? "USER_LIKE";
  const readAt = overrides.read_at ?? null;
  return {
    id: overrides.id ?? 1,
    read_at: readAt,
    isUnread: readAt === null,
    data: {
      timestamp: 1_778_580_000,
      action_type: actionType,
      from_user_name: SENDER.username,
      from_user_uuid: SENDER.uuid,
      image: "/media/avatar.webp",
      ...extras[actionType],
      ...data,
    },
  };
}

export function page(currentPage: number, lastPage: number, ids: number[]): TNotificationListResponse {
  return {
    data: ids.map((id) => notification({ id })),
    meta: { current_page: currentPage, last_page: lastPage, total: ids.length },
  };
}

export function pages(...list: TNotificationListResponse[]): NotificationPages {
  return { pages: list, pageParams: list.map((_, index) => index + 1) };
}
