import { reportMessages, ZReportRequestSchema } from "@velvet/shared/api/reports";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { optionalAuth } from "../auth/optional-auth";
import { botCheckGuard } from "../bot-check/guard";
import { fileReport } from "./service";

export async function reportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/reports",
    {
      onRequest: optionalAuth(context),
      // Members proved themselves at registration; a guest's report passes the bot check.
      preHandler: botCheckGuard(context, { guestsOnly: true }),
      // Guests can report too (/report-abuse), so the route is cheap to abuse: keep it tight.
      config: { rateLimit: { max: 10, timeWindow: 3600_000 } },
      schema: {
        tags: ["reports"],
        summary: "Report a member or a photo (members, or guests with an email)",
        body: ZReportRequestSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await fileReport(context, request.auth?.user, request.body);
      return reply.status(201).send({ message: reportMessages.received });
    },
  );
}
