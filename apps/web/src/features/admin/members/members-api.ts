import type { TAdminCreditAdjustmentRequest, TAdminSuspendRequest } from "@velvet/shared/api/admin-members";
import type { TAdminRefundRequest } from "@velvet/shared/api/admin-payments";
import type { TMemberFeaturesRequest } from "@velvet/shared/api/notifications";
import { adminMembersEndpoints as endpoints } from "@velvet/shared/contract/admin-members";
import { adminPaymentsEndpoints } from "@velvet/shared/contract/admin-payments";
import { callEndpoint } from "../../../lib/api-client";

export const memberKeys = {
  search: (q: string) => ["admin", "members", "search", q] as const,
  detail: (uuid: string) => ["admin", "members", "detail", uuid] as const,
  overview: ["admin", "members", "overview"] as const,
};

/** The newest sign-ups and the members with open reports: the page before a search. */
export function fetchMembersOverview() {
  return callEndpoint(endpoints.overview).then((response) => response.data);
}

export function searchMembers(q: string) {
  return callEndpoint(endpoints.search, { query: { q } }).then((response) => response.data);
}

export function fetchMember(uuid: string) {
  return callEndpoint(endpoints.detail, { params: { uuid } }).then((response) => response.data);
}

export function adjustCredits(uuid: string, body: TAdminCreditAdjustmentRequest) {
  return callEndpoint(endpoints.adjustCredits, { params: { uuid }, body }).then((response) => response.data);
}

export function setDeactivated(uuid: string, deactivated: boolean) {
  return callEndpoint(deactivated ? endpoints.deactivate : endpoints.reactivate, { params: { uuid } }).then(
    (response) => response.data,
  );
}

export function suspendMember(uuid: string, body: TAdminSuspendRequest) {
  return callEndpoint(endpoints.suspend, { params: { uuid }, body }).then((response) => response.data);
}

export function unsuspendMember(uuid: string) {
  return callEndpoint(endpoints.unsuspend, { params: { uuid } }).then((response) => response.data);
}

export function setFeatures(uuid: string, body: TMemberFeaturesRequest) {
  return callEndpoint(endpoints.setFeatures, { params: { uuid }, body }).then((response) => response.data);
}

export function issueImpersonation(uuid: string) {
  return callEndpoint(endpoints.impersonation, { params: { uuid } }).then((response) => response.data);
}

export function refundPayment(id: string, body: TAdminRefundRequest) {
  return callEndpoint(adminPaymentsEndpoints.refund, { params: { id }, body }).then((response) => response.data);
}

export function resolveFlag(uuid: string, flagId: number) {
  return callEndpoint(adminPaymentsEndpoints.resolveFlag, { params: { uuid, flagId } }).then(
    (response) => response.data,
  );
}
