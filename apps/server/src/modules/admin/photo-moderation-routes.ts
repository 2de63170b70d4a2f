import { adminPhotosEndpoints } from "@velvet/shared/contract/admin-photos";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { decidePhoto, pendingPhotos } from "./photo-moderation-service";
import { keepPhoto, recentlyApprovedPhotos, removePhoto } from "./photo-review-service";

/** Admin: photo moderation and review after auto-approval. Admins only, checked in onRequest. */
export async function adminPhotoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = () => adminGuard(context);

  routeEndpoint(app, adminPhotosEndpoints.pending, { onRequest: adminOnly() }, async () => pendingPhotos(context));

  routeEndpoint(app, adminPhotosEndpoints.recent, { onRequest: adminOnly() }, async () =>
    recentlyApprovedPhotos(context),
  );

  routeEndpoint(app, adminPhotosEndpoints.keep, { onRequest: adminOnly() }, async (request) => ({
    data: await keepPhoto(context, authOf(request).user, request.params.uuid, request.ip),
  }));

  routeEndpoint(app, adminPhotosEndpoints.remove, { onRequest: adminOnly() }, async (request) => ({
    data: await removePhoto(context, authOf(request).user, request.params.uuid, request.ip),
  }));

  routeEndpoint(app, adminPhotosEndpoints.approve, { onRequest: adminOnly() }, async (request) => ({
    data: await decidePhoto(context, authOf(request).user, request.params.uuid, { decision: "approved" }, request.ip),
  }));

  routeEndpoint(app, adminPhotosEndpoints.reject, { onRequest: adminOnly() }, async (request) => ({
    data: await decidePhoto(
      context,
      authOf(request).user,
      request.params.uuid,
      { decision: "rejected", reason: request.body.reason },
      request.ip,
    ),
  }));
}
