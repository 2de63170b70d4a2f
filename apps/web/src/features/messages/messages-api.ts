import {
  type TSendMessage,
  ZConversationListResponseSchema,
  ZConversationResponseSchema,
  ZHistoryResponseSchema,
  ZMessageImageResponseSchema,
  ZSendMessageResponseSchema,
} from "@velvet/shared/api/conversations";
import { ZCreditPricesResponseSchema } from "@velvet/shared/api/credits";
import { api } from "../../lib/api-client";
import type { ConversationFilters } from "./conversation-keys";

export function fetchConversations(filters: ConversationFilters, page: number, signal?: AbortSignal) {
  return api.get("/user-conversations", {
    query: {
      page,
      username: filters.username.trim() || undefined,
      only_unread: filters.show === "unread" ? 1 : undefined,
      only_read: filters.show === "read" ? 1 : undefined,
    },
    schema: ZConversationListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function fetchConversation(uuid: string) {
  return api
    .get(`/user-conversations/${uuid}`, { schema: ZConversationResponseSchema })
    .then((response) => response.data);
}

/** Newest first before an id (or from the newest); oldest first after an id (catching up). */
export function fetchHistory(uuid: string, cursor: { before?: number; after?: number }, limit = 30) {
  return api.get(`/user-conversations/${uuid}/messages`, {
    query: { ...cursor, limit },
    schema: ZHistoryResponseSchema,
    progress: cursor.after === undefined,
  });
}

export type MessageDestination = { conversationUuid: string } | { profileUuid: string };

export function sendMessage(to: MessageDestination, body: TSendMessage) {
  const path =
    "conversationUuid" in to
      ? `/user-conversations/${to.conversationUuid}/messages`
      : `/profiles/${to.profileUuid}/messages`;
  return api.post(path, body, { schema: ZSendMessageResponseSchema }).then((response) => response.data);
}

export function uploadMessageImage(file: File) {
  const form = new FormData();
  form.append("photo", file);
  return api.post("/message-images", form, { schema: ZMessageImageResponseSchema }).then((response) => response.data);
}

export function postReadUpTo(uuid: string, upToId: number) {
  return api.post(`/user-conversations/${uuid}/read`, { up_to_id: upToId }, { progress: false });
}

export function setStar(uuid: string, star: boolean) {
  return star ? api.put(`/user-conversations/${uuid}/star`) : api.delete(`/user-conversations/${uuid}/star`);
}

export function deleteConversation(uuid: string) {
  return api.delete(`/user-conversations/${uuid}`);
}

export function fetchCreditPrices() {
  return api
    .get("/credit-prices", { schema: ZCreditPricesResponseSchema, progress: false })
    .then((response) => response.data);
}
