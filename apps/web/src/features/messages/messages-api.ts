import { type TSendMessage, ZMessageImageResponseSchema } from "@velvet/shared/api/conversations";
import { conversationEndpoints } from "@velvet/shared/contract/conversations";
import { creditEndpoints } from "@velvet/shared/contract/credits";
import { api, callEndpoint } from "../../lib/api-client";
import type { ConversationFilters } from "./conversation-keys";

export function fetchConversations(filters: ConversationFilters, page: number, signal?: AbortSignal) {
  const query = {
    page,
    username: filters.username.trim() || undefined,
    only_unread: filters.show === "unread" ? ("1" as const) : undefined,
    only_read: filters.show === "read" ? ("1" as const) : undefined,
  };
  return callEndpoint(conversationEndpoints.list, { query }, { signal });
}

export function fetchConversation(uuid: string) {
  return callEndpoint(conversationEndpoints.conversation, { params: { uuid } }).then((response) => response.data);
}

/** Newest first before an id (or from the newest); oldest first after an id (catching up). */
export function fetchHistory(uuid: string, cursor: { before?: number; after?: number }, limit = 30) {
  return callEndpoint(
    conversationEndpoints.history,
    { params: { uuid }, query: { ...cursor, limit } },
    { progress: cursor.after === undefined },
  );
}

export type MessageDestination = { conversationUuid: string } | { profileUuid: string };

export function sendMessage(to: MessageDestination, body: TSendMessage) {
  const sent =
    "conversationUuid" in to
      ? callEndpoint(conversationEndpoints.send, { params: { uuid: to.conversationUuid }, body })
      : callEndpoint(conversationEndpoints.sendToProfile, { params: { uuid: to.profileUuid }, body });
  return sent.then((response) => response.data);
}

/** Multipart: one of the documented exceptions to the contract client (docs/api.md). */
export function uploadMessageImage(file: File) {
  const form = new FormData();
  form.append("photo", file);
  return api.post("/message-images", form, { schema: ZMessageImageResponseSchema }).then((response) => response.data);
}

export function postReadUpTo(uuid: string, upToId: number) {
  return callEndpoint(
    conversationEndpoints.markRead,
    { params: { uuid }, body: { up_to_id: upToId } },
    { progress: false },
  );
}

export function setStar(uuid: string, star: boolean) {
  return callEndpoint(star ? conversationEndpoints.star : conversationEndpoints.unstar, { params: { uuid } });
}

/** Deletes one message for the member only (the partner keeps their copy). */
export function hideMessage(uuid: string, messageId: number) {
  return callEndpoint(conversationEndpoints.hideMessage, { params: { uuid, messageId } });
}

export function deleteConversation(uuid: string) {
  return callEndpoint(conversationEndpoints.hide, { params: { uuid } });
}

export function fetchCreditPrices() {
  return callEndpoint(creditEndpoints.prices, {}, { progress: false }).then((response) => response.data);
}
