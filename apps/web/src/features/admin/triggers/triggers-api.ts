import type { TAdminTriggerRequest } from "@velvet/shared/api/admin-triggers";
import { adminTriggersEndpoints as endpoints } from "@velvet/shared/contract/admin-triggers";
import { operatorEndpoints } from "@velvet/shared/contract/operator";
import { callEndpoint } from "../../../lib/api-client";

/** The triggers screen's calls (admins only; the profile search is the operator console's). */
export const triggerKeys = {
  all: ["admin", "triggers"] as const,
  deliveries: (id: number) => ["admin", "triggers", id, "deliveries"] as const,
  profiles: (search: string) => ["admin", "triggers", "profiles", search] as const,
};

export function fetchTriggers() {
  return callEndpoint(endpoints.list);
}

export function createTrigger(body: TAdminTriggerRequest) {
  return callEndpoint(endpoints.create, { body }).then((response) => response.data);
}

export function updateTrigger(id: number, body: TAdminTriggerRequest) {
  return callEndpoint(endpoints.update, { params: { id }, body }).then((response) => response.data);
}

export function deleteTrigger(id: number) {
  return callEndpoint(endpoints.remove, { params: { id } });
}

export function fetchDeliveries(id: number) {
  return callEndpoint(endpoints.deliveries, { params: { id } }).then((response) => response.data);
}

/** Fictional profiles by username prefix, to choose a trigger's sender. */
export function searchFictionalProfiles(search: string) {
  return callEndpoint(operatorEndpoints.profiles, { query: { search: search || undefined } }).then(
    (response) => response.data,
  );
}
