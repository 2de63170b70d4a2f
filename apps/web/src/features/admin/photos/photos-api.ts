import {
  type TAdminPhotoRejectRequest,
  ZAdminPendingPhotosResponseSchema,
  ZAdminPhotoDecisionResponseSchema,
} from "@velvet/shared/api/admin-members";
import { api } from "../../../lib/api-client";

export const photoKeys = { pending: ["admin", "photos", "pending"] as const };

export function fetchPendingPhotos() {
  return api
    .get("/admin/photos/pending", { schema: ZAdminPendingPhotosResponseSchema })
    .then((response) => response.data);
}

export function approvePhoto(id: string) {
  return api
    .post(`/admin/photos/${id}/approve`, undefined, { schema: ZAdminPhotoDecisionResponseSchema })
    .then((response) => response.data);
}

export function rejectPhoto(id: string, body: TAdminPhotoRejectRequest) {
  return api
    .post(`/admin/photos/${id}/reject`, body, { schema: ZAdminPhotoDecisionResponseSchema })
    .then((response) => response.data);
}
