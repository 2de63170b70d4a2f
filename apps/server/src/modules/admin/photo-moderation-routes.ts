import {
  ZAdminPendingPhotosResponseSchema,
  ZAdminPhotoDecisionResponseSchema,
  ZAdminPhotoRejectRequestSchema,
} from "@velvet/shared/api/admin-members";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { decidePhoto, pendingPhotos } from "./photo-moderation-service";
import { adminGuard } from "./policy";

const ZPhotoParams = z.object({ uuid: z.uuid() });

/** Admin: photo moderation (issue 10). Admins only, checked in onRequest. */
export async function adminPhotoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };

  api.get(
    "/api/admin/photos/pending",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Photos waiting for approval, oldest first (signed URLs)",
        response: { 200: ZAdminPendingPhotosResponseSchema },
      },
    },
    async () => ({ data: await pendingPhotos(context) }),
  );

  api.post(
    "/api/admin/photos/:uuid/approve",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Approve a pending photo: it becomes public",
        params: ZPhotoParams,
        response: { 200: ZAdminPhotoDecisionResponseSchema },
      },
    },
    async (request) => ({
      data: await decidePhoto(context, authOf(request).user, request.params.uuid, { decision: "approved" }, request.ip),
    }),
  );

  api.post(
    "/api/admin/photos/:uuid/reject",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Reject a pending photo: it stays private and the member is told by email (with the reason, if given)",
        params: ZPhotoParams,
        body: ZAdminPhotoRejectRequestSchema,
        response: { 200: ZAdminPhotoDecisionResponseSchema },
      },
    },
    async (request) => ({
      data: await decidePhoto(
        context,
        authOf(request).user,
        request.params.uuid,
        { decision: "rejected", reason: request.body.reason },
        request.ip,
      ),
    }),
  );
}
