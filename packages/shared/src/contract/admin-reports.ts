import {
  ZAdminReportResponseSchema,
  ZAdminReportsQuerySchema,
  ZAdminReportsResponseSchema,
  ZAdminReportUpdateRequestSchema,
} from "../api/admin-reports";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** The admin console: the reports members and guests filed. */
export const adminReportsEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/admin/reports",
    query: ZAdminReportsQuerySchema,
    responses: { 200: ZAdminReportsResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Reports by status (pending, under_review, accepted, rejected), 25 a page, with their notes",
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/api/admin/reports/:id",
    params: z.object({ id: z.coerce.number().int().min(1) }),
    body: ZAdminReportUpdateRequestSchema,
    responses: { 200: ZAdminReportResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Move a report to another status and/or add a note (audited)",
  }),
};
