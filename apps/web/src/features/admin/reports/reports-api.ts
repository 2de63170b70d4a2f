import {
  type TAdminReportsQuery,
  type TAdminReportUpdateRequest,
  ZAdminReportResponseSchema,
  ZAdminReportsResponseSchema,
} from "@velvet/shared/api/admin-reports";
import { api } from "../../../lib/api-client";

export const reportKeys = {
  all: ["admin", "reports"] as const,
  list: (query: TAdminReportsQuery) => ["admin", "reports", query] as const,
};

export function fetchReports(query: TAdminReportsQuery) {
  return api.get("/admin/reports", { query, schema: ZAdminReportsResponseSchema });
}

export function updateReport(id: number, body: TAdminReportUpdateRequest) {
  return api
    .put(`/admin/reports/${id}`, body, { schema: ZAdminReportResponseSchema })
    .then((response) => response.data);
}
