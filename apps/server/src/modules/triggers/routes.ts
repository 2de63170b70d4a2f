import { adminTriggersEndpoints } from "@velvet/shared/contract/admin-triggers";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { createTrigger, deleteTrigger, listDeliveries, listTriggers, updateTrigger } from "./service";

/** Admin: triggers, the messages fictional profiles send on their own. Admins only, in onRequest. */
export async function adminTriggerRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = () => adminGuard(context);

  routeEndpoint(app, adminTriggersEndpoints.list, { onRequest: adminOnly() }, async () => ({
    data: await listTriggers(context),
    meta: { daily_limit_per_member: context.config.triggers.dailyLimitPerMember },
  }));

  routeEndpoint(app, adminTriggersEndpoints.create, { onRequest: adminOnly() }, async (request, reply) => {
    const trigger = await createTrigger(context, authOf(request).user, request.body, request.ip);
    return reply.status(201).send({ data: trigger });
  });

  routeEndpoint(app, adminTriggersEndpoints.update, { onRequest: adminOnly() }, async (request) => ({
    data: await updateTrigger(context, authOf(request).user, request.params.id, request.body, request.ip),
  }));

  routeEndpoint(app, adminTriggersEndpoints.remove, { onRequest: adminOnly() }, async (request) => {
    await deleteTrigger(context, authOf(request).user, request.params.id, request.ip);
    return { data: { deleted: true } };
  });

  routeEndpoint(app, adminTriggersEndpoints.deliveries, { onRequest: adminOnly() }, async (request) => ({
    data: await listDeliveries(context, request.params.id),
  }));
}
