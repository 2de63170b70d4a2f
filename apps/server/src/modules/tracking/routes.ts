import { apiHeaders } from "@velvet/shared/api/headers";
import { ZPushClickQuerySchema, ZSitePopupRequestSchema } from "@velvet/shared/api/notifications";
import { ZTrackClickRequestSchema } from "@velvet/shared/api/tracking";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { clickEvents, pushNotificationClicks, sitePopupEvents, users } from "../../platform/db/schema";
import { authOf, requireAuth } from "../auth/authenticate";
import { optionalAuth } from "../auth/optional-auth";

export async function trackingRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/user-track-clicks",
    {
      onRequest: optionalAuth(context),
      // Cheap to call and unauthenticated: a tight per-IP limit keeps it from filling the table.
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { tags: ["tracking"], summary: "Record a navigation click (spec §7)", body: ZTrackClickRequestSchema },
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

  api.post(
    "/api/site-popups",
    {
      onRequest: requireAuth(context),
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["tracking"],
        summary: "Record a notification popup shown (IMPRESSION) or clicked (CLICKED), for reporting",
        security: [{ siteKey: [], bearer: [] }],
        body: ZSitePopupRequestSchema,
      },
    },
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

  api.post(
    "/api/push-notification-clicks",
    {
      onRequest: optionalAuth(context),
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["tracking"],
        summary: "Record a click on a browser push notification (query x=28, t=1 or 2)",
        querystring: ZPushClickQuerySchema,
      },
    },
    async (request, reply) => {
      await context.database.db
        .insert(pushNotificationClicks)
        .values({ userId: request.auth?.user.id ?? null, x: request.query.x, t: request.query.t });
      return reply.status(204).send();
    },
  );
}
