import { ZAdminJobsResponseSchema } from "../api/admin-jobs";
import { defineEndpoint } from "./endpoint";

/** The admin console: the background jobs queue. */
export const adminJobsEndpoints = {
  counts: defineEndpoint({
    method: "GET",
    path: "/api/admin/jobs",
    responses: { 200: ZAdminJobsResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Background jobs per kind: waiting, failed and done, and each scheduled kind's next run",
  }),
};
