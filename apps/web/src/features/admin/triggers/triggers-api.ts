import {
  type TAdminTriggerRequest,
  ZAdminTriggerDeliveriesResponseSchema,
  ZAdminTriggerResponseSchema,
  ZAdminTriggersResponseSchema,
} from "@velvet/shared/api/admin-triggers";
import { ZOperatorProfilesResponseSchema } from "@velvet/shared/api/operator";
import { api } from "../../../lib/api-client";

/** The triggers screen's calls (admins only; the profile search is the operator console's). */
export const triggerKeys = {
  all: ["admin", "triggers"] as const,
  deliveries: (id: number) => ["admin", "triggers", id, "deliveries"] as const,
  profiles: (search: string) => ["admin", "triggers", "profiles", search] as const,
};

export function fetchTriggers() {
  return api.get("/admin/triggers", { schema: ZAdminTriggersResponseSchema });
}

export function createTrigger(body: TAdminTriggerRequest) {
  return api.post("/admin/triggers", body, { schema: ZAdminTriggerResponseSchema }).then((response) => response.data);
}

export function updateTrigger(id: number, body: TAdminTriggerRequest) {
  return api
    .put(`/admin/triggers/${id}`, body, { schema: ZAdminTriggerResponseSchema })
    .then((response) => response.data);
}

export function deleteTrigger(id: number) {
  return api.delete(`/admin/triggers/${id}`);
}

export function fetchDeliveries(id: number) {
  return api
    .get(`/admin/triggers/${id}/deliveries`, { schema: ZAdminTriggerDeliveriesResponseSchema })
    .then((response) => response.data);
}

/** Fictional profiles by username prefix, to choose a trigger's sender. */
export function searchFictionalProfiles(search: string) {
  return api
    .get("/operator/profiles", { query: { search: search || undefined }, schema: ZOperatorProfilesResponseSchema })
    .then((response) => response.data);
}
