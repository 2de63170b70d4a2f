import {
  ZCheckTextRequestSchema,
  ZCheckTextResponseSchema,
  ZOperatorContextResponseSchema,
  ZOperatorLockResponseSchema,
  ZOperatorMessagesQuerySchema,
  ZOperatorMessagesResponseSchema,
  ZOperatorProfilesQuerySchema,
  ZOperatorProfilesResponseSchema,
  ZOperatorQueueQuerySchema,
  ZOperatorQueueResponseSchema,
  ZOperatorReplyRequestSchema,
  ZOperatorReplyResponseSchema,
  ZOperatorStatsQuerySchema,
  ZOperatorStatsResponseSchema,
} from "@velvet/shared/api/operator";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { conversationContext, conversationMessagesPage } from "./context-service";
import { releaseLock, renewLock, takeLock } from "./lock-service";
import { noteRoutes } from "./notes-routes";
import { operatorPolicy } from "./policy";
import { fictionalProfiles } from "./profiles-service";
import { operatorQueue } from "./queue-service";
import { contactWarnings, replyAsProfile } from "./reply-service";
import { operatorStats } from "./stats-service";
import { templateRoutes } from "./template-routes";

const ZConversationParams = z.object({ uuid: z.uuid() });

/** The operator console's API (issue 10). Every route checks the role in onRequest, before anything else. */
export async function operatorRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = operatorPolicy.staffGuard(context);
  const schema = { tags: ["operator"], security: [{ siteKey: [], bearer: [] }] };

  api.get(
    "/api/operator/queue",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Conversations waiting for a fictional profile's answer, longest waiting first",
        querystring: ZOperatorQueueQuerySchema,
        response: { 200: ZOperatorQueueResponseSchema },
      },
    },
    async (request) => operatorQueue(context, authOf(request).user, request.query),
  );

  api.get(
    "/api/operator/profiles",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "The fictional profiles the caller may answer as, by username (for the queue's profile filter)",
        querystring: ZOperatorProfilesQuerySchema,
        response: { 200: ZOperatorProfilesResponseSchema },
      },
    },
    async (request) => fictionalProfiles(context, authOf(request).user, request.query),
  );

  api.post(
    "/api/operator/conversations/:uuid/lock",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary:
          "Take a conversation for 6 minutes (at most 2 at a time); 409 when someone else holds it, 403 when its profile is assigned to other operators",
        params: ZConversationParams,
        response: { 201: ZOperatorLockResponseSchema },
      },
    },
    async (request, reply) => {
      const lock = await takeLock(context, authOf(request).user, request.params.uuid, request.ip);
      return reply.status(201).send({ data: lock });
    },
  );

  api.post(
    "/api/operator/conversations/:uuid/lock/renew",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Another 6 minutes on a conversation the caller holds (sent while typing)",
        params: ZConversationParams,
        response: { 200: ZOperatorLockResponseSchema },
      },
    },
    async (request) => ({ data: await renewLock(context, authOf(request).user, request.params.uuid, request.ip) }),
  );

  api.delete(
    "/api/operator/conversations/:uuid/lock",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Hand a conversation back (admins may release anyone's)",
        params: ZConversationParams,
        response: { 200: z.object({ data: z.object({ released: z.boolean() }) }) },
      },
    },
    async (request) => ({ data: await releaseLock(context, authOf(request).user, request.params.uuid, request.ip) }),
  );

  api.get(
    "/api/operator/conversations/:uuid",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Everything needed to answer: messages, member, history, the fictional profile and notes",
        params: ZConversationParams,
        response: { 200: ZOperatorContextResponseSchema },
      },
    },
    async (request) => ({
      data: await conversationContext(context, authOf(request).user, request.params.uuid, request.ip),
    }),
  );

  api.get(
    "/api/operator/conversations/:uuid/messages",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "A page of the conversation, oldest first: before a message id, or the ones after one",
        params: ZConversationParams,
        querystring: ZOperatorMessagesQuerySchema,
        response: { 200: ZOperatorMessagesResponseSchema },
      },
    },
    async (request) => conversationMessagesPage(context, request.params.uuid, request.query),
  );

  api.post(
    "/api/operator/conversations/:uuid/messages",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Reply as the fictional profile (needs the caller's live lock; idempotent on client_id)",
        params: ZConversationParams,
        body: ZOperatorReplyRequestSchema,
        response: { 201: ZOperatorReplyResponseSchema },
      },
    },
    async (request, reply) => {
      const written = await replyAsProfile(
        context,
        authOf(request).user,
        request.params.uuid,
        request.body,
        request.ip,
      );
      return reply.status(201).send({ data: written });
    },
  );

  api.post(
    "/api/operator/check-text",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Warnings for contact details (phone numbers, emails, links) in a text about to be sent",
        body: ZCheckTextRequestSchema,
        response: { 200: ZCheckTextResponseSchema },
      },
    },
    async (request) => ({ data: { warnings: contactWarnings(request.body.text) } }),
  );

  api.get(
    "/api/operator/stats",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Replies per hour and median first-response time, per operator and per day",
        querystring: ZOperatorStatsQuerySchema,
        response: { 200: ZOperatorStatsResponseSchema },
      },
    },
    async (request) => ({ data: await operatorStats(context, request.query) }),
  );

  await noteRoutes(app, context);
  await templateRoutes(app, context);
}
