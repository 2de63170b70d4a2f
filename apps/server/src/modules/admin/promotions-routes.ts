import {
  ZAdminPromotionListQuerySchema,
  ZAdminPromotionListResponseSchema,
  ZAdminPromotionRequestSchema,
  ZAdminPromotionResponseSchema,
} from "@velvet/shared/api/admin-promotions";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { adminGuard } from "./policy";
import { createPromotion, deletePromotion, listPromotions, updatePromotion } from "./promotions-service";

const ZPromotionParams = z.object({ id: z.coerce.number().int().min(1) });

/** Admin: promo events and their windows (issue 10). Admins only, checked in onRequest. */
export async function adminPromotionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };

  api.get(
    "/api/admin/promotions",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Upcoming and running promotions in time order (include_ended=1 for past ones too)",
        querystring: ZAdminPromotionListQuerySchema,
        response: { 200: ZAdminPromotionListResponseSchema },
      },
    },
    async (request) => ({ data: await listPromotions(context, request.query.include_ended) }),
  );

  api.post(
    "/api/admin/promotions",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Add a promo event window (never overlapping another; audited)",
        body: ZAdminPromotionRequestSchema,
        response: { 201: ZAdminPromotionResponseSchema },
      },
    },
    async (request, reply) => {
      const promotion = await createPromotion(context, authOf(request).user, request.body, request.ip);
      return reply.status(201).send({ data: promotion });
    },
  );

  api.put(
    "/api/admin/promotions/:id",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Change a promotion's event, window or offer (applies from the next request; audited)",
        params: ZPromotionParams,
        body: ZAdminPromotionRequestSchema,
        response: { 200: ZAdminPromotionResponseSchema },
      },
    },
    async (request) => ({
      data: await updatePromotion(context, authOf(request).user, request.params.id, request.body, request.ip),
    }),
  );

  api.delete(
    "/api/admin/promotions/:id",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Remove a promotion (payments keep the event name they were made under; audited)",
        params: ZPromotionParams,
        response: { 200: z.object({ data: z.object({ deleted: z.boolean() }) }) },
      },
    },
    async (request) => ({ data: await deletePromotion(context, authOf(request).user, request.params.id, request.ip) }),
  );
}
