import { promotionEndpoints } from "@velvet/shared/contract/promotions";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf, requireAuth } from "../sessions";
import { claimDeletionOffer, recordAbTestEvent } from "./service";

export async function promotionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const signedIn = requireAuth(context);

  routeEndpoint(
    app,
    promotionEndpoints.abTestEvent,
    { onRequest: signedIn, config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      await recordAbTestEvent(context, authOf(request), request.body);
      return reply.status(204).send();
    },
  );

  routeEndpoint(app, promotionEndpoints.claimDeletionOffer, { onRequest: signedIn }, async (request) => ({
    data: await claimDeletionOffer(context, authOf(request), request.ip),
  }));
}
