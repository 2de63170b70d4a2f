import { adminPaymentsEndpoints } from "@velvet/shared/contract/admin-payments";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { resolveAccountFlag } from "./account-flags";
import type { PaymentGateway } from "./gateway";
import { refundPayment } from "./refund-service";

/**
 * Admin: refunds and account flags. Here rather than in the admin module because a refund needs the
 * configured gateway, which only this module knows. Admins only, checked before the body is read.
 */
export function adminPaymentRoutes(app: FastifyInstance, context: AppContext, gateway: PaymentGateway | undefined) {
  routeEndpoint(app, adminPaymentsEndpoints.refund, { onRequest: adminGuard(context) }, async (request) => ({
    data: await refundPayment(
      context,
      gateway,
      authOf(request).user,
      request.params.id,
      request.body.reason,
      request.ip,
    ),
  }));

  routeEndpoint(app, adminPaymentsEndpoints.resolveFlag, { onRequest: adminGuard(context) }, async (request) => ({
    data: await resolveAccountFlag(
      context,
      authOf(request).user,
      request.params.uuid,
      request.params.flagId,
      request.ip,
    ),
  }));
}
