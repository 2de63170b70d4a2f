import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI 3 generated from the zod route schemas; served at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance, siteName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: `${siteName} API`, version: "1.0.0" },
      components: {
        securitySchemes: {
          siteKey: { type: "apiKey", in: "header", name: "X-Site-Key" },
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
      },
      security: [{ siteKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
}
