import { ZOwnPhotoSchema } from "@velvet/shared/api/photos";
import { photoEndpoints } from "@velvet/shared/contract/photos";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { accountPolicy } from "../../platform/members/account-policy";
import { authOf, requireAuth } from "../sessions";
import { deletePhoto, listOwnPhotos, reframePhoto, reorderPhotos, setPrimaryPhoto, uploadPhoto } from "./service";
import { verifySignedMedia } from "./signed-urls";
import { readPhotoUpload, registerPhotoUploads } from "./upload-part";

const bearer = [{ siteKey: [], bearer: [] }];
/** How long the bucket's own URL for a private file works once our signed URL has been checked. */
const PRESIGNED_REDIRECT_SECONDS = 60;

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
        summary:
          "Upload a photo (multipart field `photo`: JPEG, PNG or WebP, 10 MB, 40 megapixels; optional field `crop`: JSON {x, y, width, height, rotation 0|90|180|270} in pixels of the upright photo)",
        security: bearer,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ data: ZOwnPhotoSchema }) },
      },
    },
    async (request, reply) => {
      const { bytes, crop } = await readPhotoUpload(request);
      const photo = await uploadPhoto(context, authOf(request).user, bytes, { crop });
      return reply.status(201).send({ data: photo });
    },
  );

  routeEndpoint(app, photoEndpoints.list, guard, async (request) => ({
    data: await listOwnPhotos(context, authOf(request).user),
  }));

  routeEndpoint(app, photoEndpoints.makePrimary, guard, async (request) => ({
    data: await setPrimaryPhoto(context, authOf(request).user, request.params.uuid),
  }));

  routeEndpoint(app, photoEndpoints.remove, guard, async (request) => ({
    data: await deletePhoto(context, authOf(request).user, request.params.uuid),
  }));

  // Re-encodes every size like an upload, so it shares the upload's budget shape: 30 an hour per member.
  routeEndpoint(
    app,
    photoEndpoints.reframe,
    {
      ...guard,
      config: {
        rateLimit: { max: 30, timeWindow: 3600_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
      },
    },
    async (request) => ({
      data: await reframePhoto(context, authOf(request).user, request.params.uuid, request.body.crop),
    }),
  );

  routeEndpoint(app, photoEndpoints.reorder, guard, async (request) => ({
    data: await reorderPhotos(context, authOf(request).user, request.body.order),
  }));

  app.get<{ Params: { "*": string }; Querystring: { expires?: string; signature?: string } }>(
    "/media-private/*",
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params["*"];
      const valid =
        /^private\/(photos|messages)\/[0-9a-f-]{36}-(large|medium|thumb)\.webp$|^private\/photos\/[0-9a-f-]{36}-original\.jpg$/.test(
          key,
        ) && verifySignedMedia(context.config, key, Number(request.query.expires), request.query.signature ?? "");
      if (!valid) throw new AppError("not_found");
      // Object storage: the bucket serves the file itself, at a URL it signs for a minute (this check stays ours).
      if (context.storage.presignedUrl) {
        if (!(await context.storage.exists(key))) throw new AppError("not_found");
        const location = await context.storage.presignedUrl(key, PRESIGNED_REDIRECT_SECONDS);
        return reply.header("Cache-Control", "private, no-store").redirect(location, 302);
      }
      const file = await context.storage.get(key);
      if (!file) throw new AppError("not_found");
      const type = key.endsWith(".jpg") ? "image/jpeg" : "image/webp";
      return reply.header("Cache-Control", "private, max-age=600").type(type).send(file);
    },
  );
}
