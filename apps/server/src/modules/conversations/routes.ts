import { ZMessageImageResponseSchema } from "@velvet/shared/api/conversations";
import { conversationEndpoints } from "@velvet/shared/contract/conversations";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { accountPolicy } from "../../platform/members/account-policy";
import { readPhotoPart, registerPhotoUploads } from "../photos";
import { authOf, requireAuth } from "../sessions";
import { registerConversationChannelRule } from "./channel-rule";
import { hideMessageForViewer } from "./hide-message-service";
import { uploadMessageImage } from "./images";
import { conversationHistory, listConversations, showConversation } from "./list-service";
import { conversationPolicy } from "./policy";
import { sendMessage } from "./send-service";
import { hideConversation, markRead, setStar } from "./state-service";

const bearer = [{ siteKey: [], bearer: [] }];
const ZConversationParams = z.object({ uuid: z.uuid() });
const tags = ["conversations"];

export async function conversationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerPhotoUploads(app);
  registerConversationChannelRule();
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [signedIn, activeMember] };
  const verifiedMember = async (request: FastifyRequest) => accountPolicy.assertVerified(authOf(request).user);
  // preHandler: after the params are validated (the uuid reaches a uuid column).
  const uuidOf = (request: FastifyRequest) => ZConversationParams.parse(request.params).uuid;
  const withinScope = async (request: FastifyRequest) =>
    conversationPolicy.assertWithinSessionScope(context.database.db, authOf(request), uuidOf(request));
  const profileWithinScope = async (request: FastifyRequest) =>
    conversationPolicy.assertProfileWithinSessionScope(context.database.db, authOf(request), uuidOf(request));
  // Sending is cheap to abuse; counted per member once signed in (preHandler runs after authentication).
  const sendLimit = {
    rateLimit: {
      max: context.config.messageRateLimitPerMinute,
      timeWindow: 60_000,
      hook: "preHandler" as const,
      keyGenerator: memberOrAddressKey,
    },
  };

  routeEndpoint(app, conversationEndpoints.list, guard, async (request) => {
    const auth = authOf(request);
    // An operator signed in as the member sees only conversations with fictional profiles.
    const fictionalPartnersOnly = auth.session.impersonatorId !== null;
    return listConversations(context, auth.user, request.query, { fictionalPartnersOnly });
  });

  routeEndpoint(app, conversationEndpoints.conversation, { ...guard, preHandler: withinScope }, async (request) => ({
    data: await showConversation(context, authOf(request).user, request.params.uuid),
  }));

  routeEndpoint(app, conversationEndpoints.history, { ...guard, preHandler: withinScope }, async (request) =>
    conversationHistory(context, authOf(request).user, request.params.uuid, request.query),
  );

  routeEndpoint(
    app,
    conversationEndpoints.sendToProfile,
    { ...guard, preHandler: profileWithinScope, config: sendLimit },
    async (request, reply) => {
      const destination = { kind: "profile" as const, profileUuid: request.params.uuid };
      const message = await sendMessage(context, authOf(request), destination, request.body);
      return reply.status(201).send({ data: message });
    },
  );

  routeEndpoint(
    app,
    conversationEndpoints.send,
    { ...guard, preHandler: withinScope, config: sendLimit },
    async (request, reply) => {
      const destination = { kind: "conversation" as const, conversationUuid: request.params.uuid };
      const message = await sendMessage(context, authOf(request), destination, request.body);
      return reply.status(201).send({ data: message });
    },
  );

  api.post(
    "/api/message-images",
    {
      // Refused before the body is read, like profile photos: an unconfirmed address uploads nothing.
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

  routeEndpoint(app, conversationEndpoints.markRead, { ...guard, preHandler: withinScope }, async (request) => ({
    data: await markRead(context, authOf(request).user, request.params.uuid, request.body.up_to_id),
  }));

  for (const [endpoint, starred] of [
    [conversationEndpoints.star, true],
    [conversationEndpoints.unstar, false],
  ] as const) {
    routeEndpoint(app, endpoint, { ...guard, preHandler: withinScope }, async (request) => ({
      data: await setStar(context, authOf(request).user, request.params.uuid, starred),
    }));
  }

  routeEndpoint(app, conversationEndpoints.hide, { ...guard, preHandler: withinScope }, async (request) => {
    await hideConversation(context, authOf(request).user, request.params.uuid);
    return { data: { done: true } };
  });

  routeEndpoint(app, conversationEndpoints.hideMessage, { ...guard, preHandler: withinScope }, async (request) => ({
    data: await hideMessageForViewer(context, authOf(request).user, request.params.uuid, request.params.messageId),
  }));
}
