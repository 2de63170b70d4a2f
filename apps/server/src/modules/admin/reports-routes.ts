import { adminReportsEndpoints } from "@velvet/shared/contract/admin-reports";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { listReports, updateReport } from "./reports-service";

/** Admin: the reports members and guests filed. Admins only, checked in onRequest. */
export async function adminReportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = () => adminGuard(context);

  routeEndpoint(app, adminReportsEndpoints.list, { onRequest: adminOnly() }, async (request) =>
    listReports(context, request.query),
  );

  routeEndpoint(app, adminReportsEndpoints.update, { onRequest: adminOnly() }, async (request) => ({
    data: await updateReport(context, authOf(request).user, request.params.id, request.body, request.ip),
  }));
}
