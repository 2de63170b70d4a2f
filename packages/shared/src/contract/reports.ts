import { ZReportReceivedResponseSchema, ZReportRequestSchema } from "../api/reports";
import { defineEndpoint } from "./endpoint";

/** Reports, member and guest side (the admin's queue is in admin-reports.ts). */
export const reportEndpoints = {
  create: defineEndpoint({
    method: "POST",
    path: "/api/reports",
    body: ZReportRequestSchema,
    responses: { 201: ZReportReceivedResponseSchema },
    auth: "optional",
    tags: ["reports"],
    summary: "Report a member or a photo (members, or guests with an email)",
  }),
};
