import { ZNotificationListResponseSchema } from "@velvet/shared/api/notifications";
import { api } from "../../lib/api-client";

/** The notification calls of spec §7 and docs/notifications.md, used by the (lazily loaded) list. */
export function fetchNotificationPage(page: number, signal?: AbortSignal) {
  return api.get("/user-notifications", {
    query: { page },
    schema: ZNotificationListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function saveNotificationRead(id: number) {
  return api.put(`/user-notifications/${id}`, undefined, { progress: false });
}

export function saveAllNotificationsRead() {
  return api.post("/user-notifications/read-all", undefined, { progress: false });
}

export function deleteNotification(id: number) {
  return api.delete(`/user-notifications/${id}`);
}

/** Mute and unmute go by username (any case), as the server's routes do. */
export function muteSender(senderName: string) {
  return api.post(`/user-notifications/${encodeURIComponent(senderName)}/mute`);
}

export function unmuteSender(senderName: string) {
  return api.delete(`/user-notifications/${encodeURIComponent(senderName)}/unmute`);
}
