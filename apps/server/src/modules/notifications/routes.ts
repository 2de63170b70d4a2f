import { ZPageQuerySchema } from "@velvet/shared/api/envelope";
import {
  ZNotificationCountResponseSchema,
  ZNotificationListResponseSchema,
  ZNotificationSchema,
} from "@velvet/shared/api/notifications";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { accountPolicy } from "../accounts/policy";
import { authOf, requireAuth } from "../auth/authenticate";
import {
  deleteNotification,
  listNotifications,
  markNotificationRead,
  muteSender,
  readAllNotifications,
  unmuteSender,
  unreadNotificationCount,
} from "./inbox-service";

const bearer = [{ siteKey: [], bearer: [] }];
const tags = ["notifications"];
const ZIdParams = z.object({ id: z.coerce.number().int().positive() });
const ZSenderParams = z.object({ senderName: z.string().trim().min(1).max(40) });
const ZMuteResponse = z.object({ data: z.object({ username: z.string(), muted: z.boolean() }) });

export async function notificationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [requireAuth(context), activeMember] };

  api.get(
    "/api/user-notifications",
    {
      ...guard,
      schema: {
        tags,
        summary: "My notifications, newest first",
        security: bearer,
        querystring: ZPageQuerySchema,
        response: { 200: ZNotificationListResponseSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return listNotifications(context, auth.user, request.query.page, {
        impersonated: auth.session.impersonatorId !== null,
      });
    },
  );

  api.get(
    "/api/notifications/count",
    {
      ...guard,
      schema: {
        tags,
        summary: "How many of my notifications are unread",
        security: bearer,
        response: { 200: ZNotificationCountResponseSchema },
      },
    },
    async (request) => ({ data: { count: await unreadNotificationCount(context, authOf(request).user) } }),
  );

  api.post(
    "/api/user-notifications/read-all",
    {
      ...guard,
      schema: {
        tags,
        summary: "Mark all my notifications read",
        security: bearer,
        response: { 200: ZNotificationCountResponseSchema },
      },
    },
    async (request) => {
      await readAllNotifications(context, authOf(request).user);
      return { data: { count: 0 } };
    },
  );

  api.put(
    "/api/user-notifications/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Mark one of my notifications read (404 for anyone else's)",
        security: bearer,
        params: ZIdParams,
        response: { 200: z.object({ data: ZNotificationSchema }) },
      },
    },
    async (request) => ({ data: await markNotificationRead(context, authOf(request).user, request.params.id) }),
  );

  api.delete(
    "/api/user-notifications/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Delete one of my notifications (404 for anyone else's; 403 without features.muteUserNotifications)",
        security: bearer,
        params: ZIdParams,
        response: { 200: z.object({ data: z.object({ deleted: z.boolean() }) }) },
      },
    },
    async (request) => {
      await deleteNotification(context, authOf(request).user, request.params.id);
      return { data: { deleted: true } };
    },
  );

  api.post(
    "/api/user-notifications/:senderName/mute",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Stop notifications from a member (by username) until unmuted (403 without features.muteUserNotifications)",
        security: bearer,
        params: ZSenderParams,
        response: { 200: ZMuteResponse },
      },
    },
    async (request) => ({ data: await muteSender(context, authOf(request).user, request.params.senderName) }),
  );

  api.delete(
    "/api/user-notifications/:senderName/unmute",
    {
      ...guard,
      schema: {
        tags,
        summary: "Undo a mute",
        security: bearer,
        params: ZSenderParams,
        response: { 200: ZMuteResponse },
      },
    },
    async (request) => ({ data: await unmuteSender(context, authOf(request).user, request.params.senderName) }),
  );
}
