import { ZOwnPhotoListResponseSchema, ZOwnPhotoSchema, ZReorderPhotosRequestSchema } from "@velvet/shared/api/photos";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { accountPolicy } from "../accounts/policy";
import { authOf, requireAuth } from "../auth/authenticate";
import { deletePhoto, listOwnPhotos, reorderPhotos, setPrimaryPhoto, uploadPhoto } from "./service";
import { verifySignedMedia } from "./signed-urls";
import { readPhotoPart, registerPhotoUploads } from "./upload-part";

const bearer = [{ siteKey: [], bearer: [] }];
const ZPhotoParams = z.object({ uuid: z.uuid() });

export async function photoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerPhotoUploads(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [signedIn, activeMember] };
  const verifiedMember = async (request: FastifyRequest) => accountPolicy.assertVerified(authOf(request).user);

  api.post(
    "/api/profile/photos",
    {
      // Refused before the body is read: an unconfirmed address uploads nothing.
      onRequest: [...guard.onRequest, verifiedMember],
      // 30 uploads an hour per member (each is re-encoded to several sizes, so it is the costly call here).
      config: {
        rateLimit: { max: 30, timeWindow: 3600_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
      },
      schema: {
        tags: ["photos"],
        summary: "Upload a photo (multipart field `photo`; JPEG, PNG or WebP, 10 MB, 40 megapixels)",
        security: bearer,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ data: ZOwnPhotoSchema }) },
      },
    },
    async (request, reply) => {
      const photo = await uploadPhoto(context, authOf(request).user, await readPhotoPart(request));
      return reply.status(201).send({ data: photo });
    },
  );

  api.get(
    "/api/profile/photos",
    {
      ...guard,
      schema: {
        tags: ["photos"],
        summary: "The member's own photos, every status",
        security: bearer,
        response: { 200: ZOwnPhotoListResponseSchema },
      },
    },
    async (request) => ({ data: await listOwnPhotos(context, authOf(request).user) }),
  );

  api.put(
    "/api/profile/photos/:uuid/primary",
    {
      ...guard,
      schema: {
        tags: ["photos"],
        summary: "Make a photo the primary one",
        security: bearer,
        params: ZPhotoParams,
        response: { 200: ZOwnPhotoListResponseSchema },
      },
    },
    async (request) => ({ data: await setPrimaryPhoto(context, authOf(request).user, request.params.uuid) }),
  );

  api.delete(
    "/api/profile/photos/:uuid",
    {
      ...guard,
      schema: {
        tags: ["photos"],
        summary: "Delete a photo",
        security: bearer,
        params: ZPhotoParams,
        response: { 200: ZOwnPhotoListResponseSchema },
      },
    },
    async (request) => ({ data: await deletePhoto(context, authOf(request).user, request.params.uuid) }),
  );

  api.put(
    "/api/profile/photos/order",
    {
      ...guard,
      schema: {
        tags: ["photos"],
        summary: "Reorder the member's photos",
        security: bearer,
        body: ZReorderPhotosRequestSchema,
        response: { 200: ZOwnPhotoListResponseSchema },
      },
    },
    async (request) => ({ data: await reorderPhotos(context, authOf(request).user, request.body.order) }),
  );

  app.get<{ Params: { "*": string }; Querystring: { expires?: string; signature?: string } }>(
    "/media-private/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params["*"];
      const valid =
        /^private\/(photos|messages)\/[0-9a-f-]{36}-(large|medium|thumb)\.webp$/.test(key) &&
        verifySignedMedia(context.config, key, Number(request.query.expires), request.query.signature ?? "");
      const file = valid ? await context.storage.get(key) : undefined;
      if (!file) throw new AppError("not_found");
      return reply.header("Cache-Control", "private, max-age=600").type("image/webp").send(file);
    },
  );
}
