import { adminCommerceEndpoints } from "@velvet/shared/contract/admin-commerce";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { listPackagesForAdmin, setMessagePrice, updatePackage } from "./commerce-service";

/** Admin: message prices and credit packages. Admins only, checked in onRequest. */
export async function adminCommerceRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = () => adminGuard(context);

  routeEndpoint(app, adminCommerceEndpoints.setMessagePrice, { onRequest: adminOnly() }, async (request) => ({
    data: await setMessagePrice(context, authOf(request).user, request.params.type, request.body.credits, request.ip),
  }));

  routeEndpoint(app, adminCommerceEndpoints.packages, { onRequest: adminOnly() }, async () => ({
    data: await listPackagesForAdmin(context),
  }));

  routeEndpoint(app, adminCommerceEndpoints.updatePackage, { onRequest: adminOnly() }, async (request) => ({
    data: await updatePackage(context, authOf(request).user, request.params.id, request.body, request.ip),
  }));
}
