import { operatorEndpoints } from "@velvet/shared/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf } from "../sessions";
import { operatorPolicy } from "./policy";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates-service";

/** Canned replies and first-contact templates: operators read them, admins write them. */
export async function templateRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = operatorPolicy.adminGuard(context);

  routeEndpoint(
    app,
    operatorEndpoints.templates,
    { onRequest: operatorPolicy.staffGuard(context) },
    async (request) => ({ data: await listTemplates(context, request.query.profile) }),
  );

  routeEndpoint(app, operatorEndpoints.createTemplate, { onRequest: adminOnly }, async (request, reply) => {
    const template = await createTemplate(context, authOf(request).user, request.body, request.ip);
    return reply.status(201).send({ data: template });
  });

  routeEndpoint(app, operatorEndpoints.updateTemplate, { onRequest: adminOnly }, async (request) => ({
    data: await updateTemplate(context, authOf(request).user, request.params.id, request.body, request.ip),
  }));

  routeEndpoint(app, operatorEndpoints.deleteTemplate, { onRequest: adminOnly }, async (request) => {
    await deleteTemplate(context, authOf(request).user, request.params.id, request.ip);
    return { data: { done: true } };
  });
}
