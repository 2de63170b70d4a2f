import { supportMessages } from "@velvet/shared/api/support";
import { adminSupportEndpoints } from "@velvet/shared/contract/admin-support";
import { supportEndpoints } from "@velvet/shared/contract/support";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { addressKey } from "../../platform/http/address-key";
import { AppError } from "../../platform/http/app-error";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { botCheckGuard } from "../bot-check";
import { adminGuard, authOf, optionalAuth } from "../sessions";
import { presentCreatedTicket } from "./presenter";
import { replyToSupportTicket } from "./reply-service";
import { closeSupportTicket, createSupportTicket, listSupportTickets } from "./service";

/** Tickets a member (or, for guests, an address) may send an hour. */
export const TICKETS_PER_HOUR = 5;
/** Tickets one address may send an hour whoever is signed in, so new accounts do not multiply the allowance. */
export const TICKETS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

function throttled(retryAfterMs: number): AppError {
  return new AppError("throttled", supportMessages.throttled, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

export async function supportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = adminGuard(context);

  // The per-address ceiling; counted after validation, so a mistyped form costs nothing.
  const addressCeiling = async (request: FastifyRequest) => {
    const { count, resetInSeconds } = await context.attempts.hit(
      `support-ticket:${addressKey(request.ip)}`,
      HOUR_MS / 1000,
    );
    if (count > TICKETS_PER_ADDRESS_PER_HOUR) throw throttled(resetInSeconds * 1000);
  };

  routeEndpoint(
    app,
    supportEndpoints.createTicket,
    {
      onRequest: optionalAuth(context),
      // Every ticket passes the bot check: a stolen or scripted account cannot flood the desk either.
      preHandler: [addressCeiling, botCheckGuard(context)],
      config: {
        // Per member once signed in, per address for guests; preHandler runs after authentication.
        rateLimit: {
          max: TICKETS_PER_HOUR,
          timeWindow: HOUR_MS,
          hook: "preHandler" as const,
          keyGenerator: memberOrAddressKey,
          errorResponseBuilder: (_request: FastifyRequest, limit: { ttl: number }) => throttled(limit.ttl),
        },
      },
    },
    async (request, reply) => {
      const ticket = await createSupportTicket(context, request.auth?.user, request.body, request.ip);
      return reply.status(201).send({ data: presentCreatedTicket(ticket) });
    },
  );

  routeEndpoint(
    app,
    adminSupportEndpoints.list,
    {
      // Role checks before anything else, as on the other console routes.
      onRequest: adminOnly,
    },
    async (request) => listSupportTickets(context, request.query),
  );

  routeEndpoint(app, adminSupportEndpoints.close, { onRequest: adminOnly }, async (request) => ({
    data: await closeSupportTicket(context, authOf(request).user, request.params.uuid, request.ip),
  }));

  routeEndpoint(app, adminSupportEndpoints.reply, { onRequest: adminOnly }, async (request) => ({
    data: await replyToSupportTicket(context, authOf(request).user, request.params.uuid, request.body, request.ip),
  }));
}
