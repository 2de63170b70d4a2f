import {
  makeFictionalProfileCreateSchema,
  makeFictionalProfileUpdateSchema,
  ZAssignableOperatorsResponseSchema,
  ZFictionalOperatorsRequestSchema,
  ZFictionalProfileListQuerySchema,
  ZFictionalProfileListResponseSchema,
  ZFictionalProfileResponseSchema,
  ZFictionalScheduleRequestSchema,
} from "@velvet/shared/api/admin-fictional";
import { ZOwnPhotoListResponseSchema, ZOwnPhotoSchema } from "@velvet/shared/api/photos";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { readPhotoPart, registerPhotoUploads } from "../photos/upload-part";
import { assignableOperators, setProfileOperators } from "./fictional-assignment-service";
import { deleteFictionalPhoto, setFictionalPrimaryPhoto, uploadFictionalPhoto } from "./fictional-photos-service";
import {
  createFictionalProfile,
  fictionalProfileDetail,
  listFictionalProfiles,
  setOnlineSchedule,
  updateFictionalProfile,
} from "./fictional-profiles-service";
import { adminGuard } from "./policy";

const ZProfileParams = z.object({ uuid: z.uuid() });
const ZPhotoParams = z.object({ uuid: z.uuid(), photoUuid: z.uuid() });

/**
 * Admin: fictional profiles (issue 10). Admins only, checked in onRequest before the body (or an upload) is
 * read. Deactivating one uses the members' route (POST /api/admin/members/{uuid}/deactivate).
 */
export async function adminFictionalProfileRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerPhotoUploads(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };
  const today = () => todayInTimezone(context.config.siteTimezone);

  api.get(
    "/api/admin/fictional-profiles",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Fictional profiles by the start of their username, 25 a page, with schedule, operators and counts",
        querystring: ZFictionalProfileListQuerySchema,
        response: { 200: ZFictionalProfileListResponseSchema },
      },
    },
    async (request) => listFictionalProfiles(context, request.query),
  );

  api.post(
    "/api/admin/fictional-profiles",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Create a fictional profile (no email or password: it can never sign in; audited)",
        body: makeFictionalProfileCreateSchema(today),
        response: { 201: ZFictionalProfileResponseSchema },
      },
    },
    async (request, reply) => {
      const profile = await createFictionalProfile(context, authOf(request).user, request.body, request.ip);
      return reply.status(201).send({ data: profile });
    },
  );

  api.get(
    "/api/admin/fictional-profiles/operators",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Accounts with the operator role, for assigning profiles",
        response: { 200: ZAssignableOperatorsResponseSchema },
      },
    },
    async () => ({ data: await assignableOperators(context) }),
  );

  api.get(
    "/api/admin/fictional-profiles/:uuid",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "One fictional profile: every editable field, its photos and its operators",
        params: ZProfileParams,
        response: { 200: ZFictionalProfileResponseSchema },
      },
    },
    async (request) => ({ data: await fictionalProfileDetail(context, request.params.uuid) }),
  );

  api.put(
    "/api/admin/fictional-profiles/:uuid",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Change a fictional profile's fields (any of the create fields; audited)",
        params: ZProfileParams,
        body: makeFictionalProfileUpdateSchema(today),
        response: { 200: ZFictionalProfileResponseSchema },
      },
    },
    async (request) => ({
      data: await updateFictionalProfile(context, authOf(request).user, request.params.uuid, request.body, request.ip),
    }),
  );

  api.put(
    "/api/admin/fictional-profiles/:uuid/schedule",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Set the hours of the site's day (0-23) the profile shows as online (audited)",
        params: ZProfileParams,
        body: ZFictionalScheduleRequestSchema,
        response: { 200: ZFictionalProfileResponseSchema },
      },
    },
    async (request) => ({
      data: await setOnlineSchedule(
        context,
        authOf(request).user,
        request.params.uuid,
        request.body.online_hours,
        request.ip,
      ),
    }),
  );

  api.put(
    "/api/admin/fictional-profiles/:uuid/operators",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Assign the operators who answer the profile (empty: any operator; audited)",
        params: ZProfileParams,
        body: ZFictionalOperatorsRequestSchema,
        response: { 200: ZFictionalProfileResponseSchema },
      },
    },
    async (request) => ({
      data: await setProfileOperators(
        context,
        authOf(request).user,
        request.params.uuid,
        request.body.operator_uuids,
        request.ip,
      ),
    }),
  );

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

  api.put(
    "/api/admin/fictional-profiles/:uuid/photos/:photoUuid/primary",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Make one of the profile's photos its main photo (audited)",
        params: ZPhotoParams,
        response: { 200: ZOwnPhotoListResponseSchema },
      },
    },
    async (request) => ({
      data: await setFictionalPrimaryPhoto(
        context,
        authOf(request).user,
        request.params.uuid,
        request.params.photoUuid,
        request.ip,
      ),
    }),
  );

  api.delete(
    "/api/admin/fictional-profiles/:uuid/photos/:photoUuid",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Delete one of the profile's photos (the next one becomes the main photo; audited)",
        params: ZPhotoParams,
        response: { 200: ZOwnPhotoListResponseSchema },
      },
    },
    async (request) => ({
      data: await deleteFictionalPhoto(
        context,
        authOf(request).user,
        request.params.uuid,
        request.params.photoUuid,
        request.ip,
      ),
    }),
  );
}
