import { apiHeaders } from "@velvet/shared/api/headers";
import { trackingEndpoints } from "@velvet/shared/contract/tracking";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { clickEvents, pushNotificationClicks, sitePopupEvents } from "../../platform/db/schema/tracking";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf, optionalAuth, requireAuth } from "../sessions";

export async function trackingRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(
    app,
    trackingEndpoints.click,
    {
      onRequest: optionalAuth(context),
      // Cheap to call and unauthenticated: a tight per-IP limit keeps it from filling the table.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const deviceId = request.headers[apiHeaders.deviceId.toLowerCase()];
      await context.database.db.insert(clickEvents).values({
        userId: request.auth?.user.id ?? null,
        deviceId: typeof deviceId === "string" ? deviceId.slice(0, 128) : null,
        sectionType: request.body.section_type,
        buttonType: request.body.button_type,
        status: request.body.status ?? null,
      });
      return reply.status(204).send();
    },
  );

  routeEndpoint(
    app,
    trackingEndpoints.sitePopup,
    { onRequest: requireAuth(context), config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      const [profile] = await context.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.uuid, request.body.profile_user_uuid));
      await context.database.db.insert(sitePopupEvents).values({
        userId: authOf(request).user.id,
        profileUserId: profile?.id ?? null,
        notificationType: request.body.notification_type,
        actionType: request.body.action_type,
      });
      return reply.status(204).send();
    },
  );

  routeEndpoint(
    app,
    trackingEndpoints.pushClick,
    { onRequest: optionalAuth(context), config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      await context.database.db
        .insert(pushNotificationClicks)
        .values({ userId: request.auth?.user.id ?? null, x: request.query.x, t: request.query.t });
      return reply.status(204).send();
    },
  );
}
