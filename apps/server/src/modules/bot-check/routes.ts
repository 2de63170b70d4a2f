import { botCheckEndpoints } from "@velvet/shared/contract/bot-check";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { createAltchaChallenge } from "./altcha";

export async function botCheckRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(app, botCheckEndpoints.challenge, {}, async (_request, reply) => {
    // Only the built-in check has challenges; with BOT_CHECK=off or external there is nothing to solve.
    if (context.config.botCheckMode !== "altcha") throw new AppError("not_found");
    reply.header("Cache-Control", "no-store");
    return createAltchaChallenge(context.config);
  });
}
