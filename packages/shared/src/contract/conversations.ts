import {
  ZConversationListQuerySchema,
  ZConversationListResponseSchema,
  ZConversationResponseSchema,
  ZHistoryQuerySchema,
  ZHistoryResponseSchema,
  ZMarkReadSchema,
  ZNotEnoughCreditsSchema,
  ZSendMessageResponseSchema,
  ZSendMessageSchema,
} from "../api/conversations";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const tags = ["conversations"];
const params = z.object({ uuid: z.uuid() });
/** 402: not enough credits for the message (the error envelope with what it would cost). */
const sendResponses = { 201: ZSendMessageResponseSchema, 402: ZNotEnoughCreditsSchema };
const ZStarResponse = z.object({ data: z.object({ star: z.boolean() }) });

/**
 * Conversations and messages. The image upload (POST /api/message-images, multipart) is one of the
 * documented exceptions (docs/api.md): it keeps its own Fastify schema and its own call.
 */
export const conversationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/user-conversations",
    query: ZConversationListQuerySchema,
    responses: { 200: ZConversationListResponseSchema },
    auth: "member",
    tags,
    summary: "My conversations: starred first (all on page 1), then 10 a page by latest message",
  }),
  conversation: defineEndpoint({
    method: "GET",
    path: "/api/user-conversations/:uuid",
    params,
    responses: { 200: ZConversationResponseSchema },
    auth: "member",
    tags,
    summary: "One of my conversations (404 for anyone else's)",
  }),
  history: defineEndpoint({
    method: "GET",
    path: "/api/user-conversations/:uuid/messages",
    params,
    query: ZHistoryQuerySchema,
    responses: { 200: ZHistoryResponseSchema },
    auth: "member",
    tags,
    summary: "History: newest first before a message id, or oldest first after one (catching up)",
  }),
  sendToProfile: defineEndpoint({
    method: "POST",
    path: "/api/profiles/:uuid/messages",
    params,
    body: ZSendMessageSchema,
    responses: sendResponses,
    auth: "member",
    tags,
    summary: "Write to a profile, starting the conversation if needed (idempotent on client_id)",
  }),
  send: defineEndpoint({
    method: "POST",
    path: "/api/user-conversations/:uuid/messages",
    params,
    body: ZSendMessageSchema,
    responses: sendResponses,
    auth: "member",
    tags,
    summary: "Send a text, image or wink message (idempotent on client_id)",
  }),
  markRead: defineEndpoint({
    method: "POST",
    path: "/api/user-conversations/:uuid/read",
    params,
    body: ZMarkReadSchema,
    responses: { 200: z.object({ data: z.object({ up_to_id: z.number().int().nullable() }) }) },
    auth: "member",
    tags,
    summary: "Mark the messages I received up to a message id as read",
  }),
  star: defineEndpoint({
    method: "PUT",
    path: "/api/user-conversations/:uuid/star",
    params,
    responses: { 200: ZStarResponse },
    auth: "member",
    tags,
    summary: "Star a conversation",
  }),
  unstar: defineEndpoint({
    method: "DELETE",
    path: "/api/user-conversations/:uuid/star",
    params,
    responses: { 200: ZStarResponse },
    auth: "member",
    tags,
    summary: "Unstar a conversation",
  }),
  hide: defineEndpoint({
    method: "DELETE",
    path: "/api/user-conversations/:uuid",
    params,
    responses: { 200: z.object({ data: z.object({ done: z.boolean() }) }) },
    auth: "member",
    tags,
    summary: "Delete a conversation for myself (the other member keeps it)",
  }),
  hideMessage: defineEndpoint({
    method: "DELETE",
    path: "/api/user-conversations/:uuid/messages/:messageId",
    params: z.object({ uuid: z.uuid(), messageId: z.coerce.number().int().positive() }),
    responses: { 200: z.object({ data: z.object({ id: z.number().int(), hidden: z.literal(true) }) }) },
    auth: "member",
    tags,
    summary: "Delete one message for myself, sent or received (the other member keeps their copy)",
  }),
};
