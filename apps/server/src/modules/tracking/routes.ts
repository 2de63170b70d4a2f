import { apiHeaders } from "@velvet/shared/api/headers";
import { ZTrackClickRequestSchema } from "@velvet/shared/api/tracking";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { clickEvents } from "../../platform/db/schema";
import { optionalAuth } from "../auth/optional-auth";

export async function trackingRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/user-track-clicks",
    {
      onRequest: optionalAuth(context),
      // Cheap to call and unauthenticated: a tight per-IP limit keeps it from filling the table.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { tags: ["tracking"], summary: "Record a navigation click (spec §7)", body: ZTrackClickRequestSchema },
    },
    async (request, reply) => {
      const deviceId = request.headers[apiHeaders.deviceId.toLowerCase()];
      await context.database.db.insert(clickEvents).values({
        userId: request.auth?.user.id ?? null,
        deviceId: typeof deviceId === "string" ? deviceId.slice(0, 128) : null,
        sectionType: request.body.section_type,
        buttonType: request.body.button_type,
        status: request.body.status ?? null,
      });
      return reply.status(204).send();
    },
  );
}
