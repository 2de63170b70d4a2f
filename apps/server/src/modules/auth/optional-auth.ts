import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { authenticateAccessToken } from "./session-service";

/** onRequest: attaches the member when a valid token is present; guests pass through unchanged. */
export function optionalAuth(context: AppContext) {
  return async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) return;
    const auth = await authenticateAccessToken(context, match[1]);
    if (auth) request.auth = auth;
  };
}
