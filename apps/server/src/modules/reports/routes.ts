import { reportMessages } from "@velvet/shared/api/reports";
import { reportEndpoints } from "@velvet/shared/contract/reports";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { botCheckGuard } from "../bot-check";
import { optionalAuth } from "../sessions";
import { fileReport } from "./service";

export async function reportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(
    app,
    reportEndpoints.create,
    {
      onRequest: optionalAuth(context),
      // Members proved themselves at registration; a guest's report passes the bot check.
      preHandler: botCheckGuard(context, { guestsOnly: true }),
      // Guests can report too (/report-abuse), so the route is cheap to abuse: keep it tight.
      config: { rateLimit: { max: 10, timeWindow: 3600_000 } },
    },
    async (request, reply) => {
      await fileReport(context, request.auth, request.body);
      return reply.status(201).send({ message: reportMessages.received });
    },
  );
}
