import { adminContentEndpoints } from "@velvet/shared/contract/admin-content";
import { contentEndpoints } from "@velvet/shared/contract/content";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { presentStaticPage } from "./presenter";
import { findStaticPage, updateStaticPage } from "./service";

export async function contentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(app, contentEndpoints.page, {}, async (request) => ({
    data: presentStaticPage(await findStaticPage(context, request.params.slug)),
  }));

  routeEndpoint(app, adminContentEndpoints.updatePage, { onRequest: adminGuard(context) }, async (request) => ({
    data: presentStaticPage(
      await updateStaticPage(context, authOf(request).user, request.params.slug, request.body, request.ip),
    ),
  }));
}
