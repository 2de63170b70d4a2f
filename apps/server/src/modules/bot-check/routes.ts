import { ZAltchaChallengeSchema } from "@velvet/shared/api/bot-check";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { createAltchaChallenge } from "./altcha";

export async function botCheckRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/bot-check/challenge",
    {
      schema: {
        tags: ["bot-check"],
        summary:
          "A fresh ALTCHA proof-of-work challenge (v2 format, bare as the widget reads it; valid 10 minutes, usable once)",
        response: { 200: ZAltchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      // Only the built-in check has challenges; with BOT_CHECK=off or external there is nothing to solve.
      if (context.config.botCheckMode !== "altcha") throw new AppError("not_found");
      reply.header("Cache-Control", "no-store");
      return createAltchaChallenge(context.config);
    },
  );
}
