import { adminPromotionsEndpoints } from "@velvet/shared/contract/admin-promotions";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { createPromotion, deletePromotion, listPromotions, updatePromotion } from "./promotions-service";

/** Admin: promo events and their windows. Admins only, checked in onRequest. */
export async function adminPromotionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = () => adminGuard(context);

  routeEndpoint(app, adminPromotionsEndpoints.list, { onRequest: adminOnly() }, async (request) => ({
    data: await listPromotions(context, request.query.include_ended),
  }));

  routeEndpoint(app, adminPromotionsEndpoints.create, { onRequest: adminOnly() }, async (request, reply) => {
    const promotion = await createPromotion(context, authOf(request).user, request.body, request.ip);
    return reply.status(201).send({ data: promotion });
  });

  routeEndpoint(app, adminPromotionsEndpoints.update, { onRequest: adminOnly() }, async (request) => ({
    data: await updatePromotion(context, authOf(request).user, request.params.id, request.body, request.ip),
  }));

  routeEndpoint(app, adminPromotionsEndpoints.remove, { onRequest: adminOnly() }, async (request) => ({
    data: await deletePromotion(context, authOf(request).user, request.params.id, request.ip),
  }));
}
