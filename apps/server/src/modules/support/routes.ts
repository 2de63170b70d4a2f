import {
  supportMessages,
  ZAdminSupportReplyRequestSchema,
  ZAdminSupportReplyResponseSchema,
  ZAdminSupportTicketListQuerySchema,
  ZAdminSupportTicketListResponseSchema,
  ZAdminSupportTicketResponseSchema,
  ZSupportTicketCreatedResponseSchema,
  ZSupportTicketRequestSchema,
} from "@velvet/shared/api/support";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { adminGuard } from "../admin/policy";
import { authOf } from "../auth/authenticate";
import { optionalAuth } from "../auth/optional-auth";
import { botCheckGuard } from "../bot-check/guard";
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = adminGuard(context);
  const bearer = [{ siteKey: [], bearer: [] }];

  // The per-address ceiling; counted after validation, so a mistyped form costs nothing.
  const addressCeiling = async (request: FastifyRequest) => {
    const { count, resetInSeconds } = await context.attempts.hit(`support-ticket:${request.ip}`, HOUR_MS / 1000);
    if (count > TICKETS_PER_ADDRESS_PER_HOUR) throw throttled(resetInSeconds * 1000);
  };

  api.post(
    "/api/support-tickets",
    {
      onRequest: optionalAuth(context),
      // Every ticket passes the bot check (issue 17): a stolen or scripted account cannot flood the desk either.
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
      schema: {
        tags: ["support"],
        summary: "Send a question to support (members, or guests with an email); acknowledged by email",
        body: ZSupportTicketRequestSchema,
        response: { 201: ZSupportTicketCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const ticket = await createSupportTicket(context, request.auth?.user, request.body, request.ip);
      return reply.status(201).send({ data: presentCreatedTicket(ticket) });
    },
  );

  api.get(
    "/api/admin/support-tickets",
    {
      // Role checks before anything else, as on the other console routes.
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "support"],
        summary: "Support tickets for admins, newest first, 25 a page; optionally only open or closed ones",
        security: bearer,
        querystring: ZAdminSupportTicketListQuerySchema,
        response: { 200: ZAdminSupportTicketListResponseSchema },
      },
    },
    async (request) => listSupportTickets(context, request.query),
  );

  api.post(
    "/api/admin/support-tickets/:uuid/close",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "support"],
        summary: "Close a support ticket (admins; audit-logged)",
        security: bearer,
        params: z.object({ uuid: z.uuid() }),
        response: { 200: ZAdminSupportTicketResponseSchema },
      },
    },
    async (request) => ({
      data: await closeSupportTicket(context, authOf(request).user, request.params.uuid, request.ip),
    }),
  );

  api.post(
    "/api/admin/support-tickets/:uuid/replies",
    {
      onRequest: adminOnly,
      schema: {
        tags: ["admin", "support"],
        summary: "Answer a support ticket by email (admins; stored and audit-logged; `close` closes it too)",
        security: bearer,
        params: z.object({ uuid: z.uuid() }),
        body: ZAdminSupportReplyRequestSchema,
        response: { 200: ZAdminSupportReplyResponseSchema },
      },
    },
    async (request) => ({
      data: await replyToSupportTicket(context, authOf(request).user, request.params.uuid, request.body, request.ip),
    }),
  );
}
