import { ZAbTestEventRequestSchema, ZDeletionOfferResponseSchema } from "@velvet/shared/api/promotions";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf, requireAuth } from "../auth/authenticate";
import { claimDeletionOffer, recordAbTestEvent } from "./service";

const bearer = [{ siteKey: [], bearer: [] }];

export async function promotionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);

  api.post(
    "/api/ab-test-events",
    {
      onRequest: signedIn,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["promotions"],
        summary: "Record a promo-badge A/B event (viewed or clicked) while a promotion runs (spec §7)",
        security: bearer,
        body: ZAbTestEventRequestSchema,
      },
    },
    async (request, reply) => {
      await recordAbTestEvent(context, authOf(request), request.body);
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/account/deletion-offer",
    {
      onRequest: signedIn,
      schema: {
        tags: ["promotions"],
        summary: "Take the free credits offered instead of deleting the account (once per account)",
        security: bearer,
        response: { 200: ZDeletionOfferResponseSchema },
      },
    },
    async (request) => ({ data: await claimDeletionOffer(context, authOf(request), request.ip) }),
  );
}
