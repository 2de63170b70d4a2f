import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { authenticateAccessToken } from "./session-service";

/** onRequest: attaches the member when a valid token is present; guests pass through unchanged. */
export function optionalAuth(context: AppContext) {
  return async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) return;
    // A suspended member's token (403 on member routes) leaves a public route as a guest's request.
    const auth = await authenticateAccessToken(context, match[1]).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "forbidden") return undefined;
      throw error;
    });
    if (auth) request.auth = auth;
  };
}
