import { ZClientConfigResponseSchema, ZHealthResponseSchema } from "@velvet/shared/api/system";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { checkHealth, publicClientConfig } from "./service";

export async function systemRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/health",
    {
      config: { siteKeyExempt: true, maintenanceExempt: true, rateLimit: false },
      schema: {
        tags: ["system"],
        summary: "Liveness and dependency status (database, Redis when configured)",
        security: [],
        response: { 200: ZHealthResponseSchema, 503: ZHealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(context);
      return reply.status(health.database === "ok" ? 200 : 503).send(health);
    },
  );

  api.get(
    "/api/client-config",
    {
      config: { maintenanceExempt: true },
      schema: {
        tags: ["system"],
        summary: "Public client configuration (spec §7)",
        response: { 200: ZClientConfigResponseSchema },
      },
    },
    async () => ({ data: publicClientConfig(context) }),
  );

  api.get(
    "/api/openapi.json",
    {
      config: { siteKeyExempt: true, maintenanceExempt: true },
      schema: { tags: ["system"], summary: "This OpenAPI document", security: [] },
    },
    async () => app.swagger(),
  );
}
