import type {
  TFictionalProfileCreateRequest,
  TFictionalProfileListQuery,
  TFictionalProfileUpdateRequest,
} from "@velvet/shared/api/admin-fictional";
import { ZOwnPhotoSchema } from "@velvet/shared/api/photos";
import { adminFictionalEndpoints as endpoints } from "@velvet/shared/contract/admin-fictional";
import { adminMembersEndpoints } from "@velvet/shared/contract/admin-members";
import { z } from "@velvet/shared/validation/z";
import { api, callEndpoint } from "../../../lib/api-client";

/** The admin's fictional-profile calls. Every change answers the whole profile, which refreshes its query. */
export const fictionalKeys = {
  all: ["admin", "fictional"] as const,
  list: (query: TFictionalProfileListQuery) => ["admin", "fictional", "list", query] as const,
  detail: (uuid: string) => ["admin", "fictional", "detail", uuid] as const,
  operators: ["admin", "fictional", "operators"] as const,
};

/** Uploads are multipart with their own call (docs/api.md); every other call goes through the contract. */
const base = "/admin/fictional-profiles";

export function fetchFictionalProfiles(query: TFictionalProfileListQuery) {
  return callEndpoint(endpoints.list, { query: { q: query.q || undefined, page: query.page } });
}

export function fetchFictionalProfile(uuid: string) {
  return callEndpoint(endpoints.detail, { params: { uuid } }).then((response) => response.data);
}

export function createFictionalProfile(body: TFictionalProfileCreateRequest) {
  return callEndpoint(endpoints.create, { body }).then((response) => response.data);
}

export function updateFictionalProfile(uuid: string, body: TFictionalProfileUpdateRequest) {
  return callEndpoint(endpoints.update, { params: { uuid }, body }).then((response) => response.data);
}

export function saveSchedule(uuid: string, onlineHours: number[]) {
  return callEndpoint(endpoints.setSchedule, { params: { uuid }, body: { online_hours: onlineHours } }).then(
    (response) => response.data,
  );
}

export function saveOperators(uuid: string, operatorUuids: string[]) {
  return callEndpoint(endpoints.setOperators, { params: { uuid }, body: { operator_uuids: operatorUuids } }).then(
    (response) => response.data,
  );
}

export function fetchAssignableOperators() {
  return callEndpoint(endpoints.operators).then((response) => response.data);
}

export function uploadFictionalPhoto(uuid: string, file: File) {
  const form = new FormData();
  form.append("photo", file);
  return api
    .post(`${base}/${uuid}/photos`, form, { schema: z.object({ data: ZOwnPhotoSchema }) })
    .then((response) => response.data);
}

export function makePrimaryPhoto(uuid: string, photoUuid: string) {
  return callEndpoint(endpoints.setPrimaryPhoto, { params: { uuid, photoUuid } }).then((response) => response.data);
}

export function deleteFictionalPhoto(uuid: string, photoUuid: string) {
  return callEndpoint(endpoints.deletePhoto, { params: { uuid, photoUuid } }).then((response) => response.data);
}

/** Deactivation is the members' admin route: it works for any account, fictional ones included. */
export function setProfileActive(uuid: string, active: boolean) {
  return callEndpoint(active ? adminMembersEndpoints.reactivate : adminMembersEndpoints.deactivate, {
    params: { uuid },
  });
}
