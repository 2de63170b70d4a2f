import { systemEndpoints } from "@velvet/shared/contract/system";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { checkHealth, publicClientConfig } from "./service";

export async function systemRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(
    app,
    systemEndpoints.health,
    { config: { siteKeyExempt: true, maintenanceExempt: true, rateLimit: false } },
    async (_request, reply) => {
      const health = await checkHealth(context);
      return reply.status(health.database === "ok" ? 200 : 503).send(health);
    },
  );

  routeEndpoint(app, systemEndpoints.clientConfig, { config: { maintenanceExempt: true } }, async () => ({
    data: publicClientConfig(context),
  }));

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/openapi.json",
    {
      config: { siteKeyExempt: true, maintenanceExempt: true },
      schema: { tags: ["system"], summary: "This OpenAPI document", security: [] },
    },
    async () => app.swagger(),
  );
}
