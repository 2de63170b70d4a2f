import {
  ZConversationListQuerySchema,
  ZConversationListResponseSchema,
  ZConversationResponseSchema,
  ZHistoryQuerySchema,
  ZHistoryResponseSchema,
  ZMarkReadSchema,
  ZMessageImageResponseSchema,
  ZNotEnoughCreditsSchema,
  ZSendMessageResponseSchema,
  ZSendMessageSchema,
} from "@velvet/shared/api/conversations";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { sendSerializedJson, serializeForRoute } from "../../platform/http/serialized-json";
import { accountPolicy } from "../accounts/policy";
import { authOf, requireAuth } from "../auth/authenticate";
import { readPhotoPart, registerPhotoUploads } from "../photos/upload-part";
import { registerConversationChannelRule } from "./channel-rule";
import { uploadMessageImage } from "./images";
import { conversationHistory, listConversations, showConversation } from "./list-service";
import { conversationPolicy } from "./policy";
import { type CachedAnswerScope, conversationReadCache } from "./read-cache";
import { sendMessage } from "./send-service";
import { hideConversation, markRead, setStar } from "./state-service";

const bearer = [{ siteKey: [], bearer: [] }];
const ZConversationParams = z.object({ uuid: z.uuid() });
const ZDoneResponse = z.object({ data: z.object({ done: z.boolean() }) });
const tags = ["conversations"];

export async function conversationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerPhotoUploads(app);
  registerConversationChannelRule();
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [signedIn, activeMember] };
  const verifiedMember = async (request: FastifyRequest) => accountPolicy.assertVerified(authOf(request).user);
  // The list, the history and sending come again and again: a session checked within the last second will do.
  const hotGuard = { onRequest: [requireAuth(context, { acceptRecentCheck: true }), activeMember] };
  const reads = conversationReadCache(context.database);
  // preHandler: after the params are validated (the uuid reaches a uuid column).
  const uuidOf = (request: FastifyRequest) => ZConversationParams.parse(request.params).uuid;
  const withinScope = async (request: FastifyRequest) =>
    conversationPolicy.assertWithinSessionScope(context.database.db, authOf(request), uuidOf(request));
  const profileWithinScope = async (request: FastifyRequest) =>
    conversationPolicy.assertProfileWithinSessionScope(context.database.db, authOf(request), uuidOf(request));
  /**
   * Answers from the read cache; on a miss reads, serializes with the route's
   * own serializer (schema-checked outside production) and keeps the JSON.
   */
  const sendCached = async <T>(
    reply: FastifyReply,
    key: string,
    read: () => Promise<T>,
    scopeOf: (answer: T) => CachedAnswerScope,
  ) => {
    const body = await reads.through(key, async () => {
      const answer = await read();
      return { body: serializeForRoute(reply, answer), scope: scopeOf(answer) };
    });
    return sendSerializedJson(reply, body);
  };
  // Sending is cheap to abuse; counted per member once signed in (preHandler runs after authentication).
  const sendLimit = {
    rateLimit: {
      max: context.config.messageRateLimitPerMinute,
      timeWindow: 60_000,
      hook: "preHandler" as const,
      keyGenerator: memberOrAddressKey,
    },
  };

  api.get(
    "/api/user-conversations",
    {
      ...hotGuard,
      schema: {
        tags,
        summary: "My conversations: starred first (all on page 1), then 10 a page by latest message",
        security: bearer,
        querystring: ZConversationListQuerySchema,
        response: { 200: ZConversationListResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const viewer = auth.user;
      // An operator signed in as the member sees only conversations with fictional profiles (never cached:
      // the cache holds the member's own view).
      if (auth.session.impersonatorId !== null) {
        return listConversations(context, viewer, request.query, { fictionalPartnersOnly: true });
      }
      const { page, username, only_read, only_unread } = request.query;
      return sendCached(
        reply,
        `list|${viewer.id}|${page}|${only_read}|${only_unread}|${username ?? ""}`,
        () => listConversations(context, viewer, request.query),
        (answer) => ({
          memberUuid: viewer.uuid,
          conversationUuids: answer.data.map((conversation) => conversation.uuid),
        }),
      );
    },
  );

  api.get(
    "/api/user-conversations/:uuid",
    {
      ...guard,
      preHandler: withinScope,
      schema: {
        tags,
        summary: "One of my conversations (404 for anyone else's)",
        security: bearer,
        params: ZConversationParams,
        response: { 200: ZConversationResponseSchema },
      },
    },
    async (request) => ({ data: await showConversation(context, authOf(request).user, request.params.uuid) }),
  );

  api.get(
    "/api/user-conversations/:uuid/messages",
    {
      ...hotGuard,
      preHandler: withinScope,
      schema: {
        tags,
        summary: "History: newest first before a message id, or oldest first after one (catching up)",
        security: bearer,
        params: ZConversationParams,
        querystring: ZHistoryQuerySchema,
        response: { 200: ZHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = authOf(request).user;
      const { uuid } = request.params;
      const read = () => conversationHistory(context, viewer, uuid, request.query);
      // Only the newest page is cached: the one every opening of a conversation asks for.
      if (request.query.before !== undefined || request.query.after !== undefined) return read();
      return sendCached(reply, `history|${viewer.id}|${uuid}|${request.query.limit}`, read, () => ({
        memberUuid: viewer.uuid,
        conversationUuids: [uuid],
      }));
    },
  );

  const sendResponses = { 201: ZSendMessageResponseSchema, 402: ZNotEnoughCreditsSchema };
  api.post(
    "/api/profiles/:uuid/messages",
    {
      ...hotGuard,
      preHandler: profileWithinScope,
      config: sendLimit,
      schema: {
        tags,
        summary: "Write to a profile, starting the conversation if needed (idempotent on client_id)",
        security: bearer,
        params: ZConversationParams,
        body: ZSendMessageSchema,
        response: sendResponses,
      },
    },
    async (request, reply) => {
      const destination = { kind: "profile" as const, profileUuid: request.params.uuid };
      const message = await sendMessage(context, authOf(request), destination, request.body);
      return reply.status(201).send({ data: message });
    },
  );

  api.post(
    "/api/user-conversations/:uuid/messages",
    {
      ...hotGuard,
      preHandler: withinScope,
      config: sendLimit,
      schema: {
        tags,
        summary: "Send a text, image or wink message (idempotent on client_id)",
        security: bearer,
        params: ZConversationParams,
        body: ZSendMessageSchema,
        response: sendResponses,
      },
    },
    async (request, reply) => {
      const destination = { kind: "conversation" as const, conversationUuid: request.params.uuid };
      const message = await sendMessage(context, authOf(request), destination, request.body);
      return reply.status(201).send({ data: message });
    },
  );

  api.post(
    "/api/message-images",
    {
      // Refused before the body is read, like profile photos: an unconfirmed address uploads nothing (issue 17).
      onRequest: [...guard.onRequest, verifiedMember],
      config: {
        rateLimit: { max: 60, timeWindow: 3600_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
      },
      schema: {
        tags,
        summary: "Upload an image to send (multipart field `photo`); answers the uuid to send as `photo`",
        security: bearer,
        consumes: ["multipart/form-data"],
        response: { 201: ZMessageImageResponseSchema },
      },
    },
    async (request, reply) => {
      const image = await uploadMessageImage(context, authOf(request).user, await readPhotoPart(request));
      return reply.status(201).send({ data: image });
    },
  );

  api.post(
    "/api/user-conversations/:uuid/read",
    {
      ...guard,
      preHandler: withinScope,
      schema: {
        tags,
        summary: "Mark the messages I received up to a message id as read",
        security: bearer,
        params: ZConversationParams,
        body: ZMarkReadSchema,
        response: { 200: z.object({ data: z.object({ up_to_id: z.number().int().nullable() }) }) },
      },
    },
    async (request) => ({
      data: await markRead(context, authOf(request).user, request.params.uuid, request.body.up_to_id),
    }),
  );

  for (const [method, starred] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    api.route({
      method,
      url: "/api/user-conversations/:uuid/star",
      ...guard,
      preHandler: withinScope,
      schema: {
        tags,
        summary: starred ? "Star a conversation" : "Unstar a conversation",
        security: bearer,
        params: ZConversationParams,
        response: { 200: z.object({ data: z.object({ star: z.boolean() }) }) },
      },
      handler: async (request) => ({
        data: await setStar(context, authOf(request).user, request.params.uuid, starred),
      }),
    });
  }

  api.delete(
    "/api/user-conversations/:uuid",
    {
      ...guard,
      preHandler: withinScope,
      schema: {
        tags,
        summary: "Delete a conversation for myself (the other member keeps it)",
        security: bearer,
        params: ZConversationParams,
        response: { 200: ZDoneResponse },
      },
    },
    async (request) => {
      await hideConversation(context, authOf(request).user, request.params.uuid);
      return { data: { done: true } };
    },
  );
}
