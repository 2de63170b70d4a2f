import {
  type TFictionalProfileCreateRequest,
  type TFictionalProfileListQuery,
  type TFictionalProfileUpdateRequest,
  ZAssignableOperatorsResponseSchema,
  ZFictionalProfileListResponseSchema,
  ZFictionalProfileResponseSchema,
} from "@velvet/shared/api/admin-fictional";
import { ZOwnPhotoListResponseSchema, ZOwnPhotoSchema } from "@velvet/shared/api/photos";
import { z } from "@velvet/shared/validation/z";
import { api } from "../../../lib/api-client";

/** The admin's fictional-profile calls (issue 10). Every change answers the whole profile, which refreshes its query. */
export const fictionalKeys = {
  all: ["admin", "fictional"] as const,
  list: (query: TFictionalProfileListQuery) => ["admin", "fictional", "list", query] as const,
  detail: (uuid: string) => ["admin", "fictional", "detail", uuid] as const,
  operators: ["admin", "fictional", "operators"] as const,
};

const base = "/admin/fictional-profiles";

export function fetchFictionalProfiles(query: TFictionalProfileListQuery) {
  return api.get(base, {
    query: { q: query.q || undefined, page: query.page },
    schema: ZFictionalProfileListResponseSchema,
  });
}

export function fetchFictionalProfile(uuid: string) {
  return api.get(`${base}/${uuid}`, { schema: ZFictionalProfileResponseSchema }).then((response) => response.data);
}

export function createFictionalProfile(body: TFictionalProfileCreateRequest) {
  return api.post(base, body, { schema: ZFictionalProfileResponseSchema }).then((response) => response.data);
}

export function updateFictionalProfile(uuid: string, body: TFictionalProfileUpdateRequest) {
  return api
    .put(`${base}/${uuid}`, body, { schema: ZFictionalProfileResponseSchema })
    .then((response) => response.data);
}

export function saveSchedule(uuid: string, onlineHours: number[]) {
  return api
    .put(`${base}/${uuid}/schedule`, { online_hours: onlineHours }, { schema: ZFictionalProfileResponseSchema })
    .then((response) => response.data);
}

export function saveOperators(uuid: string, operatorUuids: string[]) {
  return api
    .put(`${base}/${uuid}/operators`, { operator_uuids: operatorUuids }, { schema: ZFictionalProfileResponseSchema })
    .then((response) => response.data);
}

export function fetchAssignableOperators() {
  return api.get(`${base}/operators`, { schema: ZAssignableOperatorsResponseSchema }).then((response) => response.data);
}

export function uploadFictionalPhoto(uuid: string, file: File) {
  const form = new FormData();
  form.append("photo", file);
  return api
    .post(`${base}/${uuid}/photos`, form, { schema: z.object({ data: ZOwnPhotoSchema }) })
    .then((response) => response.data);
}

export function makePrimaryPhoto(uuid: string, photoUuid: string) {
  return api
    .put(`${base}/${uuid}/photos/${photoUuid}/primary`, undefined, { schema: ZOwnPhotoListResponseSchema })
    .then((response) => response.data);
}

export function deleteFictionalPhoto(uuid: string, photoUuid: string) {
  return api
    .delete(`${base}/${uuid}/photos/${photoUuid}`, { schema: ZOwnPhotoListResponseSchema })
    .then((response) => response.data);
}

/** Deactivation is the members' admin route: it works for any account, fictional ones included. */
export function setProfileActive(uuid: string, active: boolean) {
  return api.post(`/admin/members/${uuid}/${active ? "reactivate" : "deactivate"}`);
}
