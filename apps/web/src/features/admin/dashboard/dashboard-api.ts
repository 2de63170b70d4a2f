import { ZAdminDashboardResponseSchema } from "@velvet/shared/api/admin-members";
import { api } from "../../../lib/api-client";

export const dashboardKeys = { dashboard: ["admin", "dashboard"] as const };

export function fetchDashboard() {
  return api
    .get("/admin/dashboard", { schema: ZAdminDashboardResponseSchema, progress: false })
    .then((response) => response.data);
}
