import { makeFictionalProfileCreateSchema, makeFictionalProfileUpdateSchema } from "@velvet/shared/api/admin-fictional";
import { ZOwnPhotoSchema } from "@velvet/shared/api/photos";
import { adminFictionalEndpoints } from "@velvet/shared/contract/admin-fictional";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { readPhotoPart, registerPhotoUploads } from "../photos";
import { adminGuard, authOf } from "../sessions";
import { assignableOperators, setProfileOperators } from "./fictional-assignment-service";
import { deleteFictionalPhoto, setFictionalPrimaryPhoto, uploadFictionalPhoto } from "./fictional-photos-service";
import {
  createFictionalProfile,
  fictionalProfileDetail,
  listFictionalProfiles,
  setOnlineSchedule,
  updateFictionalProfile,
} from "./fictional-profiles-service";

const ZProfileParams = z.object({ uuid: z.uuid() });

/**
 * Admin: fictional profiles. Admins only, checked in onRequest before the body (or an upload) is
 * read. Deactivating one uses the members' route (POST /api/admin/members/{uuid}/deactivate).
 */
export async function adminFictionalProfileRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerPhotoUploads(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };
  const today = () => todayInTimezone(context.config.siteTimezone);

  routeEndpoint(app, adminFictionalEndpoints.list, { onRequest: adminOnly() }, async (request) =>
    listFictionalProfiles(context, request.query),
  );

  routeEndpoint(
    app,
    adminFictionalEndpoints.create,
    { onRequest: adminOnly(), bodySchema: makeFictionalProfileCreateSchema(today) },
    async (request, reply) => {
      const profile = await createFictionalProfile(context, authOf(request).user, request.body, request.ip);
      return reply.status(201).send({ data: profile });
    },
  );

  routeEndpoint(app, adminFictionalEndpoints.operators, { onRequest: adminOnly() }, async () => ({
    data: await assignableOperators(context),
  }));

  routeEndpoint(app, adminFictionalEndpoints.detail, { onRequest: adminOnly() }, async (request) => ({
    data: await fictionalProfileDetail(context, request.params.uuid),
  }));

  routeEndpoint(
    app,
    adminFictionalEndpoints.update,
    { onRequest: adminOnly(), bodySchema: makeFictionalProfileUpdateSchema(today) },
    async (request) => ({
      data: await updateFictionalProfile(context, authOf(request).user, request.params.uuid, request.body, request.ip),
    }),
  );

  routeEndpoint(app, adminFictionalEndpoints.setSchedule, { onRequest: adminOnly() }, async (request) => ({
    data: await setOnlineSchedule(
      context,
      authOf(request).user,
      request.params.uuid,
      request.body.online_hours,
      request.ip,
    ),
  }));

  routeEndpoint(app, adminFictionalEndpoints.setOperators, { onRequest: adminOnly() }, async (request) => ({
    data: await setProfileOperators(
      context,
      authOf(request).user,
      request.params.uuid,
      request.body.operator_uuids,
      request.ip,
    ),
  }));

  api.post(
    "/api/admin/fictional-profiles/:uuid/photos",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Upload a photo for the profile (multipart field `photo`; re-encoded; approved at once; audited)",
        params: ZProfileParams,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ data: ZOwnPhotoSchema }) },
      },
    },
    async (request, reply) => {
      const photo = await uploadFictionalPhoto(
        context,
        authOf(request).user,
        request.params.uuid,
        await readPhotoPart(request),
        request.ip,
      );
      return reply.status(201).send({ data: photo });
    },
  );

  routeEndpoint(app, adminFictionalEndpoints.setPrimaryPhoto, { onRequest: adminOnly() }, async (request) => ({
    data: await setFictionalPrimaryPhoto(
      context,
      authOf(request).user,
      request.params.uuid,
      request.params.photoUuid,
      request.ip,
    ),
  }));

  routeEndpoint(app, adminFictionalEndpoints.deletePhoto, { onRequest: adminOnly() }, async (request) => ({
    data: await deleteFictionalPhoto(
      context,
      authOf(request).user,
      request.params.uuid,
      request.params.photoUuid,
      request.ip,
    ),
  }));
}
