import { pushEndpoints } from "@velvet/shared/contract/push";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { authOf, requireAuth } from "../sessions";
import { pushPolicy } from "./policy";
import { readNotificationSettings, saveNotificationSettings } from "./settings";
import { removeSubscription, saveSubscription } from "./subscriptions";
import { vapidKeys } from "./vapid";

export async function pushRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const signedIn = requireAuth(context);
  const guard = { onRequest: [signedIn] };
  // Each subscription makes the server call a URL the member chose: cheap to abuse, so counted per member.
  const limited = {
    ...guard,
    config: {
      rateLimit: { max: 30, timeWindow: 3600_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
    },
  };
  const mayReceivePushes = async (request: FastifyRequest) => pushPolicy.assertOwnBrowser(authOf(request));

  routeEndpoint(app, pushEndpoints.publicKey, guard, async () => ({
    data: { public_key: (await vapidKeys(context)).publicKey },
  }));

  routeEndpoint(
    app,
    pushEndpoints.subscribe,
    { ...limited, onRequest: [signedIn, mayReceivePushes] },
    async (request, reply) => {
      await saveSubscription(context, authOf(request).user, request.body, request.headers["user-agent"]);
      return reply.status(201).send({ data: { subscribed: true } });
    },
  );

  routeEndpoint(app, pushEndpoints.unsubscribe, guard, async (request) => {
    await removeSubscription(context, authOf(request).user, request.body.endpoint);
    return { data: { subscribed: false } };
  });

  routeEndpoint(app, pushEndpoints.settings, guard, async (request) => ({
    data: readNotificationSettings(authOf(request).user),
  }));

  routeEndpoint(app, pushEndpoints.updateSettings, guard, async (request) => ({
    data: await saveNotificationSettings(context, authOf(request).user, request.body),
  }));
}
