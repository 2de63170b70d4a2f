import { ZImpersonationTokenResponseSchema } from "@velvet/shared/api/account";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf, requireAuth } from "../auth/authenticate";
import { issueImpersonationToken } from "./impersonation-service";
import { requireStaff } from "./policy";

export async function adminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Role checks run in onRequest, before the body is even parsed (issue 10: "before anything else").
  const staffOnly = [requireAuth(context), requireStaff(["operator", "admin"])];

  api.post(
    "/api/admin/users/:uuid/impersonation",
    {
      onRequest: staffOnly,
      schema: {
        tags: ["admin"],
        summary: "Issue a single-use impersonation link for a member (operators and admins)",
        security: [{ siteKey: [], bearer: [] }],
        params: z.object({ uuid: z.uuid() }),
        response: { 201: ZImpersonationTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const grant = await issueImpersonationToken(context, authOf(request).user, request.params.uuid, request.ip);
      return reply
        .status(201)
        .send({ data: { token: grant.token, expires_at: grant.expiresAt.toISOString(), url: grant.url } });
    },
  );
}
