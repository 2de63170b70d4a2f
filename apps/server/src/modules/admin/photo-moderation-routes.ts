import { ZAdminPendingPhotosResponseSchema, ZAdminPhotoDecisionResponseSchema } from "@velvet/shared/api/admin-members";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { decidePhoto, pendingPhotos } from "./photo-moderation-service";
import { adminGuard } from "./policy";

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

  for (const [action, decision] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const) {
    api.post(
      `/api/admin/photos/:uuid/${action}`,
      {
        onRequest: adminOnly(),
        schema: {
          ...schema,
          summary:
            decision === "approved"
              ? "Approve a pending photo: it becomes public"
              : "Reject a pending photo: it stays private and the member is told by email",
          params: z.object({ uuid: z.uuid() }),
          response: { 200: ZAdminPhotoDecisionResponseSchema },
        },
      },
      async (request) => ({
        data: await decidePhoto(context, authOf(request).user, request.params.uuid, decision, request.ip),
      }),
    );
  }
}
