import type { TAdminReportsQuery, TAdminReportUpdateRequest } from "@velvet/shared/api/admin-reports";
import { adminReportsEndpoints as endpoints } from "@velvet/shared/contract/admin-reports";
import { callEndpoint } from "../../../lib/api-client";

export const reportKeys = {
  all: ["admin", "reports"] as const,
  list: (query: TAdminReportsQuery) => ["admin", "reports", query] as const,
};

export function fetchReports(query: TAdminReportsQuery) {
  return callEndpoint(endpoints.list, { query });
}

export function updateReport(id: number, body: TAdminReportUpdateRequest) {
  return callEndpoint(endpoints.update, { params: { id }, body }).then((response) => response.data);
}
