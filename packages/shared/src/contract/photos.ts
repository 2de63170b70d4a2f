import {
  ZOwnPhotoListResponseSchema,
  ZOwnPhotoSchema,
  ZReframePhotoRequestSchema,
  ZReorderPhotosRequestSchema,
} from "../api/photos";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const params = z.object({ uuid: z.uuid() });

/**
 * The member's own photos. The upload itself (POST /api/profile/photos, multipart) is one of the documented
 * exceptions (docs/api.md): it keeps its own Fastify schema and its own call.
 */
export const photoEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/profile/photos",
    responses: { 200: ZOwnPhotoListResponseSchema },
    auth: "member",
    tags: ["photos"],
    summary: "The member's own photos, every status",
  }),
  makePrimary: defineEndpoint({
    method: "PUT",
    path: "/api/profile/photos/:uuid/primary",
    params,
    responses: { 200: ZOwnPhotoListResponseSchema },
    auth: "member",
    tags: ["photos"],
    summary: "Make a photo the primary one",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/profile/photos/:uuid",
    params,
    responses: { 200: ZOwnPhotoListResponseSchema },
    auth: "member",
    tags: ["photos"],
    summary: "Delete a photo",
  }),
  reframe: defineEndpoint({
    method: "PUT",
    path: "/api/profile/photos/:uuid/crop",
    params,
    body: ZReframePhotoRequestSchema,
    responses: { 200: z.object({ data: ZOwnPhotoSchema }) },
    auth: "member",
    tags: ["photos"],
    summary: "Frame a photo again from its stored original (it goes back to moderation where photos are moderated)",
  }),
  reorder: defineEndpoint({
    method: "PUT",
    path: "/api/profile/photos/order",
    body: ZReorderPhotosRequestSchema,
    responses: { 200: ZOwnPhotoListResponseSchema },
    auth: "member",
    tags: ["photos"],
    summary: "Reorder the member's photos",
  }),
};
