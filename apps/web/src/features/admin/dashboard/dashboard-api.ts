import { adminJobsEndpoints } from "@velvet/shared/contract/admin-jobs";
import { adminMembersEndpoints } from "@velvet/shared/contract/admin-members";
import { callEndpoint } from "../../../lib/api-client";

export const dashboardKeys = { dashboard: ["admin", "dashboard"] as const };

export function fetchDashboard() {
  return callEndpoint(adminMembersEndpoints.dashboard, undefined, { progress: false }).then(
    (response) => response.data,
  );
}

export const jobsKeys = { jobs: ["admin", "jobs"] as const };

export function fetchJobs() {
  return callEndpoint(adminJobsEndpoints.counts, undefined, { progress: false }).then((response) => response.data);
}
