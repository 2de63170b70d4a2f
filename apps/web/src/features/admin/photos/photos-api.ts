import type { TAdminPhotoRejectRequest } from "@velvet/shared/api/admin-members";
import { adminPhotosEndpoints as endpoints } from "@velvet/shared/contract/admin-photos";
import { callEndpoint } from "../../../lib/api-client";

export const photoKeys = {
  pending: ["admin", "photos", "pending"] as const,
  recent: ["admin", "photos", "recent"] as const,
};

/** The waiting queue, and whether new photos skip it (PHOTO_AUTO_APPROVE). */
export function fetchPendingPhotos() {
  return callEndpoint(endpoints.pending);
}

/** Photos approved on upload in the last 7 days that no admin has kept or taken down yet. */
export function fetchRecentPhotos() {
  return callEndpoint(endpoints.recent).then((response) => response.data);
}

export function approvePhoto(id: string) {
  return callEndpoint(endpoints.approve, { params: { uuid: id } }).then((response) => response.data);
}

/** Rejects a pending photo, or takes down an approved one. */
export function rejectPhoto(id: string, body: TAdminPhotoRejectRequest) {
  return callEndpoint(endpoints.reject, { params: { uuid: id }, body }).then((response) => response.data);
}

export function keepPhoto(id: string) {
  return callEndpoint(endpoints.keep, { params: { uuid: id } }).then((response) => response.data);
}

export function removePhoto(id: string) {
  return callEndpoint(endpoints.remove, { params: { uuid: id } }).then((response) => response.data);
}
