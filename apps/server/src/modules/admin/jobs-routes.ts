import { adminJobsEndpoints } from "@velvet/shared/contract/admin-jobs";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { jobCounts } from "../../platform/jobs/counts";
import { adminGuard } from "../sessions";

/** Admin: the background jobs queue's counts per kind, for the dashboard's "Background jobs" panel. */
export async function adminJobRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(app, adminJobsEndpoints.counts, { onRequest: adminGuard(context) }, async () => ({
    data: { kinds: await jobCounts(context.database.db) },
  }));
}
