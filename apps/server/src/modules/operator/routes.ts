import { operatorEndpoints } from "@velvet/shared/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf } from "../sessions";
import { conversationContext, conversationMessagesPage } from "./context-service";
import { releaseLock, renewLock, takeLock } from "./lock-service";
import { noteRoutes } from "./notes-routes";
import { operatorPolicy } from "./policy";
import { fictionalProfiles } from "./profiles-service";
import { registerQueueFeed } from "./queue-feed";
import { operatorQueue } from "./queue-service";
import { contactWarnings, replyAsProfile } from "./reply-service";
import { operatorStats } from "./stats-service";
import { templateRoutes } from "./template-routes";
import { operatorTyping } from "./typing-service";

/** The operator console's API. Every route checks the role in onRequest, before anything else. */
export async function operatorRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const staffOnly = operatorPolicy.staffGuard(context);
  registerQueueFeed();

  routeEndpoint(app, operatorEndpoints.queue, { onRequest: staffOnly }, async (request) =>
    operatorQueue(context, authOf(request).user, request.query),
  );

  routeEndpoint(app, operatorEndpoints.profiles, { onRequest: staffOnly }, async (request) =>
    fictionalProfiles(context, authOf(request).user, request.query),
  );

  routeEndpoint(app, operatorEndpoints.takeLock, { onRequest: staffOnly }, async (request, reply) => {
    const lock = await takeLock(context, authOf(request).user, request.params.uuid, request.ip);
    return reply.status(201).send({ data: lock });
  });

  routeEndpoint(app, operatorEndpoints.renewLock, { onRequest: staffOnly }, async (request) => ({
    data: await renewLock(context, authOf(request).user, request.params.uuid, request.ip),
  }));

  routeEndpoint(app, operatorEndpoints.releaseLock, { onRequest: staffOnly }, async (request) => ({
    data: await releaseLock(context, authOf(request).user, request.params.uuid, request.ip),
  }));

  routeEndpoint(app, operatorEndpoints.context, { onRequest: staffOnly }, async (request) => ({
    data: await conversationContext(context, authOf(request).user, request.params.uuid, request.ip),
  }));

  routeEndpoint(app, operatorEndpoints.messages, { onRequest: staffOnly }, async (request) =>
    conversationMessagesPage(context, request.params.uuid, request.query),
  );

  routeEndpoint(app, operatorEndpoints.reply, { onRequest: staffOnly }, async (request, reply) => {
    const written = await replyAsProfile(context, authOf(request).user, request.params.uuid, request.body, request.ip);
    return reply.status(201).send({ data: written });
  });

  routeEndpoint(app, operatorEndpoints.typing, { onRequest: staffOnly }, async (request) => ({
    data: await operatorTyping(context, authOf(request).user, request.params.uuid),
  }));

  routeEndpoint(app, operatorEndpoints.checkText, { onRequest: staffOnly }, async (request) => ({
    data: { warnings: contactWarnings(request.body.text) },
  }));

  routeEndpoint(app, operatorEndpoints.stats, { onRequest: staffOnly }, async (request) => ({
    data: await operatorStats(context, request.query),
  }));

  await noteRoutes(app, context);
  await templateRoutes(app, context);
}
