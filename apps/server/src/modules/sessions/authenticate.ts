import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";
import { authenticateAccessToken } from "./session-service";

declare module "fastify" {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * preHandler: the caller must present a live access token; the member is at
 * `request.auth`.
 */
export function requireAuth(context: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const auth = token ? await authenticateAccessToken(context, token) : undefined;
    if (!auth) throw new AppError("unauthenticated");
    request.auth = auth;
  };
}

/** The authenticated member of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError("unauthenticated");
  return request.auth;
}
