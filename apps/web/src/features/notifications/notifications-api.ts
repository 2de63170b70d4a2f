import { notificationEndpoints } from "@velvet/shared/contract/notifications";
import { callEndpoint } from "../../lib/api-client";

/** The notification calls of spec §7 and docs/notifications.md, used by the (lazily loaded) list. */
export function fetchNotificationPage(page: number, signal?: AbortSignal) {
  return callEndpoint(notificationEndpoints.list, { query: { page } }, { signal });
}

export function saveNotificationRead(id: number) {
  return callEndpoint(notificationEndpoints.markRead, { params: { id } }, { progress: false });
}

export function saveAllNotificationsRead() {
  return callEndpoint(notificationEndpoints.readAll, {}, { progress: false });
}

export function deleteNotification(id: number) {
  return callEndpoint(notificationEndpoints.remove, { params: { id } });
}

/** Mute and unmute go by username (any case), as the server's routes do; the client encodes the name. */
export function muteSender(senderName: string) {
  return callEndpoint(notificationEndpoints.mute, { params: { senderName } });
}

export function unmuteSender(senderName: string) {
  return callEndpoint(notificationEndpoints.unmute, { params: { senderName } });
}
