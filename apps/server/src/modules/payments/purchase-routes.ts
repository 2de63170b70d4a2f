import { purchaseEndpoints } from "@velvet/shared/contract/purchases";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { authOf, requireAuth } from "../sessions";
import { findReceipt, listPurchases } from "./purchases";
import { setMonthlyLimit, spendingControlsOf, startCoolOff } from "./spending-controls";

/** The paying member's own money: purchases, receipts and spending controls (docs/payments.md). */
export function purchaseRoutes(app: FastifyInstance, context: AppContext): void {
  const signedIn = requireAuth(context);
  // Changing controls is cheap to repeat and each change writes a row: 30 a minute is far beyond a person's use.
  const writes = {
    rateLimit: { max: 30, timeWindow: 60_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
  };

  routeEndpoint(app, purchaseEndpoints.list, { onRequest: signedIn }, async (request) =>
    listPurchases(context, authOf(request), request.query.page),
  );

  routeEndpoint(app, purchaseEndpoints.receipt, { onRequest: signedIn }, async (request) => ({
    data: await findReceipt(context, authOf(request), request.params.id),
  }));

  routeEndpoint(app, purchaseEndpoints.spendingControls, { onRequest: signedIn }, async (request) => ({
    data: await spendingControlsOf(context, authOf(request)),
  }));

  routeEndpoint(app, purchaseEndpoints.setSpendingLimit, { onRequest: signedIn, config: writes }, async (request) => ({
    data: await setMonthlyLimit(context, authOf(request), request.body.monthly_limit_cents),
  }));

  routeEndpoint(app, purchaseEndpoints.startCoolOff, { onRequest: signedIn, config: writes }, async (request) => ({
    data: await startCoolOff(context, authOf(request), request.body.days),
  }));
}
