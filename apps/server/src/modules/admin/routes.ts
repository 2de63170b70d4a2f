import { adminMembersEndpoints } from "@velvet/shared/contract/admin-members";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf, requireAuth, requireStaff } from "../sessions";
import { adminTriggerRoutes } from "../triggers";
import { adminCommerceRoutes } from "./commerce-routes";
import { setMemberFeatures } from "./features-service";
import { adminFictionalProfileRoutes } from "./fictional-profiles-routes";
import { issueImpersonationToken } from "./impersonation-service";
import { adminJobRoutes } from "./jobs-routes";
import { adminMemberRoutes } from "./members-routes";
import { adminPhotoRoutes } from "./photo-moderation-routes";
import { adminPromotionRoutes } from "./promotions-routes";
import { adminReportRoutes } from "./reports-routes";

export async function adminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  // Role checks run in onRequest, before the body is even parsed ("before anything else").
  const staffOnly = [requireAuth(context), requireStaff(["operator", "admin"])];
  await adminMemberRoutes(app, context);
  await adminPhotoRoutes(app, context);
  await adminReportRoutes(app, context);
  await adminCommerceRoutes(app, context);
  await adminPromotionRoutes(app, context);
  // Its own scope: it registers the multipart parser for photo uploads.
  await app.register(async (scope) => adminFictionalProfileRoutes(scope, context));
  await adminTriggerRoutes(app, context);
  await adminJobRoutes(app, context);

  routeEndpoint(app, adminMembersEndpoints.impersonation, { onRequest: staffOnly }, async (request, reply) => {
    const grant = await issueImpersonationToken(context, authOf(request).user, request.params.uuid, request.ip);
    return reply
      .status(201)
      .send({ data: { token: grant.token, expires_at: grant.expiresAt.toISOString(), url: grant.url } });
  });

  routeEndpoint(
    app,
    adminMembersEndpoints.setFeatures,
    { onRequest: [requireAuth(context), requireStaff(["admin"])] },
    async (request) => ({
      data: await setMemberFeatures(context, authOf(request).user, request.params.uuid, request.body, request.ip),
    }),
  );
}
