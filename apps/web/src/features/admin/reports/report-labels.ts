import type { TAdminReportStatus } from "@velvet/shared/api/admin-reports";

export const reportStatusLabels: Record<TAdminReportStatus, string> = {
  pending: "Pending",
  under_review: "Under review",
  accepted: "Accepted",
  rejected: "Rejected",
};
