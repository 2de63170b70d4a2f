import { botCheckMessages } from "@velvet/shared/api/bot-check";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { verifyHumanChecks } from "../../platform/http/human-check";
import { spendAltchaSolution } from "./altcha";

/** The body fields a guarded form may carry; which one counts depends on BOT_CHECK. */
interface BotCheckFields {
  altcha?: string | undefined;
  captcha_token?: string | undefined;
  bot_check_token?: string | undefined;
}

/**
 * preHandler for the routes a script could flood without an account
 * (registration, reset requests, support tickets, guest reports): it runs after
 * the body is validated and after the route's own limits, so a mistyped form or a
 * throttled request does not spend the visitor's solution.
 */
export function botCheckGuard(context: AppContext, options: { guestsOnly?: boolean } = {}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.guestsOnly && request.auth) return;
    const body = (request.body ?? {}) as BotCheckFields;
    switch (context.config.botCheckMode) {
      case "off":
        return;
      case "external":
        await verifyHumanChecks(context.config, {
          captchaToken: body.captcha_token,
          botCheckToken: body.bot_check_token,
          remoteIp: request.ip,
        });
        return;
      case "altcha": {
        const giveBack = await spendAltchaSolution(context, body.altcha);
        if (!giveBack) throw AppError.field("altcha", botCheckMessages.required);
        // A 5xx (a database outage's 503, say) did nothing: the web client sends the same body again, and
        // that must not meet "Please complete the verification." for a solution that bought nothing.
        reply.raw.once("finish", () => {
          if (reply.statusCode >= 500) giveBack().catch(() => {});
        });
      }
    }
  };
}
