import { ZImpersonationTokenResponseSchema } from "@velvet/shared/api/account";
import { ZMemberFeaturesRequestSchema, ZMemberFeaturesResponseSchema } from "@velvet/shared/api/notifications";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf, requireAuth } from "../auth/authenticate";
import { adminTriggerRoutes } from "../triggers/routes";
import { adminCommerceRoutes } from "./commerce-routes";
import { setMemberFeatures } from "./features-service";
import { adminFictionalProfileRoutes } from "./fictional-profiles-routes";
import { issueImpersonationToken } from "./impersonation-service";
import { adminMemberRoutes } from "./members-routes";
import { adminPhotoRoutes } from "./photo-moderation-routes";
import { requireStaff } from "./policy";
import { adminPromotionRoutes } from "./promotions-routes";
import { adminReportRoutes } from "./reports-routes";

export async function adminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Role checks run in onRequest, before the body is even parsed (issue 10: "before anything else").
  const staffOnly = [requireAuth(context), requireStaff(["operator", "admin"])];
  await adminMemberRoutes(app, context);
  await adminPhotoRoutes(app, context);
  await adminReportRoutes(app, context);
  await adminCommerceRoutes(app, context);
  await adminPromotionRoutes(app, context);
  // Its own scope: it registers the multipart parser for photo uploads.
  await app.register(async (scope) => adminFictionalProfileRoutes(scope, context));
  await adminTriggerRoutes(app, context);

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

  api.put(
    "/api/admin/users/:uuid/features",
    {
      onRequest: [requireAuth(context), requireStaff(["admin"])],
      schema: {
        tags: ["admin"],
        summary: "Set a member's feature flags (muteUserNotifications, promoBadge); admins only",
        security: [{ siteKey: [], bearer: [] }],
        params: z.object({ uuid: z.uuid() }),
        body: ZMemberFeaturesRequestSchema,
        response: { 200: ZMemberFeaturesResponseSchema },
      },
    },
    async (request) => ({
      data: await setMemberFeatures(context, authOf(request).user, request.params.uuid, request.body, request.ip),
    }),
  );
}
