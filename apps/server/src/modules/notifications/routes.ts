import { notificationEndpoints } from "@velvet/shared/contract/notifications";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { accountPolicy } from "../../platform/members/account-policy";
import { authOf, requireAuth } from "../sessions";
import {
  deleteNotification,
  listNotifications,
  markNotificationRead,
  muteSender,
  readAllNotifications,
  unmuteSender,
  unreadNotificationCount,
} from "./inbox-service";

export async function notificationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [requireAuth(context), activeMember] };

  routeEndpoint(app, notificationEndpoints.list, guard, async (request) => {
    const auth = authOf(request);
    return listNotifications(context, auth.user, request.query.page, {
      impersonated: auth.session.impersonatorId !== null,
    });
  });

  routeEndpoint(app, notificationEndpoints.count, guard, async (request) => ({
    data: { count: await unreadNotificationCount(context, authOf(request).user) },
  }));

  routeEndpoint(app, notificationEndpoints.readAll, guard, async (request) => {
    await readAllNotifications(context, authOf(request).user);
    return { data: { count: 0 } };
  });

  routeEndpoint(app, notificationEndpoints.markRead, guard, async (request) => ({
    data: await markNotificationRead(context, authOf(request).user, request.params.id),
  }));

  routeEndpoint(app, notificationEndpoints.remove, guard, async (request) => {
    await deleteNotification(context, authOf(request).user, request.params.id);
    return { data: { deleted: true } };
  });

  routeEndpoint(app, notificationEndpoints.mute, guard, async (request) => ({
    data: await muteSender(context, authOf(request).user, request.params.senderName),
  }));

  routeEndpoint(app, notificationEndpoints.unmute, guard, async (request) => ({
    data: await unmuteSender(context, authOf(request).user, request.params.senderName),
  }));
}
