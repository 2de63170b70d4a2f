import {
  ZAdminTriggerDeletedResponseSchema,
  ZAdminTriggerDeliveriesResponseSchema,
  ZAdminTriggerParamsSchema,
  ZAdminTriggerRequestSchema,
  ZAdminTriggerResponseSchema,
  ZAdminTriggersResponseSchema,
} from "@velvet/shared/api/admin-triggers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { adminGuard } from "../admin/policy";
import { authOf } from "../auth/authenticate";
import { createTrigger, deleteTrigger, listDeliveries, listTriggers, updateTrigger } from "./service";

/** Admin: triggers, the messages fictional profiles send on their own (issue 10). Admins only, in onRequest. */
export async function adminTriggerRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };

  api.get(
    "/api/admin/triggers",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Every trigger, active first, with its delivery counts; meta holds the daily cap per member",
        response: { 200: ZAdminTriggersResponseSchema },
      },
    },
    async () => ({
      data: await listTriggers(context),
      meta: { daily_limit_per_member: context.config.triggers.dailyLimitPerMember },
    }),
  );

  api.post(
    "/api/admin/triggers",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Create a trigger (audited)",
        body: ZAdminTriggerRequestSchema,
        response: { 201: ZAdminTriggerResponseSchema },
      },
    },
    async (request, reply) => {
      const trigger = await createTrigger(context, authOf(request).user, request.body, request.ip);
      return reply.status(201).send({ data: trigger });
    },
  );

  api.put(
    "/api/admin/triggers/:id",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Change a trigger, or switch it on or off with `active` (audited)",
        params: ZAdminTriggerParamsSchema,
        body: ZAdminTriggerRequestSchema,
        response: { 200: ZAdminTriggerResponseSchema },
      },
    },
    async (request) => ({
      data: await updateTrigger(context, authOf(request).user, request.params.id, request.body, request.ip),
    }),
  );

  api.delete(
    "/api/admin/triggers/:id",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Delete a trigger; what it sent stays counted for the daily cap (audited)",
        params: ZAdminTriggerParamsSchema,
        response: { 200: ZAdminTriggerDeletedResponseSchema },
      },
    },
    async (request) => {
      await deleteTrigger(context, authOf(request).user, request.params.id, request.ip);
      return { data: { deleted: true } };
    },
  );

  api.get(
    "/api/admin/triggers/:id/deliveries",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "A trigger's latest 50 deliveries, newest first",
        params: ZAdminTriggerParamsSchema,
        response: { 200: ZAdminTriggerDeliveriesResponseSchema },
      },
    },
    async (request) => ({ data: await listDeliveries(context, request.params.id) }),
  );
}
