import { ZImpersonationTokenResponseSchema } from "@velvet/shared/api/account";
import {
  type TAdminCreditAdjustmentRequest,
  type TAdminSuspendRequest,
  ZAdminCreditAdjustmentResponseSchema,
  ZAdminMemberDetailResponseSchema,
  ZAdminMemberSearchResponseSchema,
  ZAdminMemberStatusResponseSchema,
} from "@velvet/shared/api/admin-members";
import { type TMemberFeaturesRequest, ZMemberFeaturesResponseSchema } from "@velvet/shared/api/notifications";
import { api } from "../../../lib/api-client";

export const memberKeys = {
  search: (q: string) => ["admin", "members", "search", q] as const,
  detail: (uuid: string) => ["admin", "members", "detail", uuid] as const,
};

export function searchMembers(q: string) {
  return api
    .get("/admin/members", { query: { q }, schema: ZAdminMemberSearchResponseSchema })
    .then((response) => response.data);
}

export function fetchMember(uuid: string) {
  return api
    .get(`/admin/members/${uuid}`, { schema: ZAdminMemberDetailResponseSchema })
    .then((response) => response.data);
}

export function adjustCredits(uuid: string, body: TAdminCreditAdjustmentRequest) {
  return api
    .post(`/admin/members/${uuid}/credit-adjustments`, body, { schema: ZAdminCreditAdjustmentResponseSchema })
    .then((response) => response.data);
}

export function setDeactivated(uuid: string, deactivated: boolean) {
  return api
    .post(`/admin/members/${uuid}/${deactivated ? "deactivate" : "reactivate"}`, undefined, {
      schema: ZAdminMemberStatusResponseSchema,
    })
    .then((response) => response.data);
}

export function suspendMember(uuid: string, body: TAdminSuspendRequest) {
  return api
    .post(`/admin/members/${uuid}/suspend`, body, { schema: ZAdminMemberStatusResponseSchema })
    .then((response) => response.data);
}

export function unsuspendMember(uuid: string) {
  return api
    .post(`/admin/members/${uuid}/unsuspend`, undefined, { schema: ZAdminMemberStatusResponseSchema })
    .then((response) => response.data);
}

export function setFeatures(uuid: string, body: TMemberFeaturesRequest) {
  return api
    .put(`/admin/users/${uuid}/features`, body, { schema: ZMemberFeaturesResponseSchema })
    .then((response) => response.data);
}

export function issueImpersonation(uuid: string) {
  return api
    .post(`/admin/users/${uuid}/impersonation`, undefined, { schema: ZImpersonationTokenResponseSchema })
    .then((response) => response.data);
}
