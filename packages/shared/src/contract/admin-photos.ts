import {
  ZAdminPendingPhotosResponseSchema,
  ZAdminPhotoDecisionResponseSchema,
  ZAdminPhotoKeptResponseSchema,
  ZAdminPhotoRejectRequestSchema,
  ZAdminPhotoRemovedResponseSchema,
  ZAdminRecentPhotosResponseSchema,
} from "../api/admin-members";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const ZPhotoParams = z.object({ uuid: z.uuid() });

/** The admin console: photo moderation. */
export const adminPhotosEndpoints = {
  pending: defineEndpoint({
    method: "GET",
    path: "/api/admin/photos/pending",
    responses: { 200: ZAdminPendingPhotosResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Photos waiting for approval, oldest first (signed URLs)",
  }),
  approve: defineEndpoint({
    method: "POST",
    path: "/api/admin/photos/:uuid/approve",
    params: ZPhotoParams,
    responses: { 200: ZAdminPhotoDecisionResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Approve a pending photo: it becomes public",
  }),
  reject: defineEndpoint({
    method: "POST",
    path: "/api/admin/photos/:uuid/reject",
    params: ZPhotoParams,
    body: ZAdminPhotoRejectRequestSchema,
    responses: { 200: ZAdminPhotoDecisionResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary:
      "Reject a pending photo, or take down an approved one: it becomes private and the member is told by email (with the reason, if given)",
  }),
  recent: defineEndpoint({
    method: "GET",
    path: "/api/admin/photos/recent",
    responses: { 200: ZAdminRecentPhotosResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Photos approved on upload in the last 7 days that no admin has kept or taken down yet, newest first",
  }),
  keep: defineEndpoint({
    method: "POST",
    path: "/api/admin/photos/:uuid/keep",
    params: ZPhotoParams,
    responses: { 200: ZAdminPhotoKeptResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Confirm an auto-approved photo after looking at it: it leaves the recent list (audited)",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/admin/photos/:uuid",
    params: ZPhotoParams,
    responses: { 200: ZAdminPhotoRemovedResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Delete a member's photo and its files, whatever its status (audited; the next photo becomes main)",
  }),
};
