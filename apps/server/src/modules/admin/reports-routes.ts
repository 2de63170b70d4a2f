import {
  ZAdminReportResponseSchema,
  ZAdminReportsQuerySchema,
  ZAdminReportsResponseSchema,
  ZAdminReportUpdateRequestSchema,
} from "@velvet/shared/api/admin-reports";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { adminGuard } from "./policy";
import { listReports, updateReport } from "./reports-service";

/** Admin: the reports members and guests filed (issue 10). Admins only, checked in onRequest. */
export async function adminReportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };

  api.get(
    "/api/admin/reports",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Reports by status (pending, under_review, accepted, rejected), 25 a page, with their notes",
        querystring: ZAdminReportsQuerySchema,
        response: { 200: ZAdminReportsResponseSchema },
      },
    },
    async (request) => listReports(context, request.query),
  );

  api.put(
    "/api/admin/reports/:id",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Move a report to another status and/or add a note (audited)",
        params: z.object({ id: z.coerce.number().int().min(1) }),
        body: ZAdminReportUpdateRequestSchema,
        response: { 200: ZAdminReportResponseSchema },
      },
    },
    async (request) => ({
      data: await updateReport(context, authOf(request).user, request.params.id, request.body, request.ip),
    }),
  );
}
