import { paymentEndpoints } from "@velvet/shared/contract/payments";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { authOf, requireAuth } from "../sessions";
import { adminPaymentRoutes } from "./admin-routes";
import { configuredGateway } from "./gateways";
import { createPayment, findPayment } from "./payment-service";
import { purchaseRoutes } from "./purchase-routes";
import { readCheckoutCookie, setCheckoutCookie } from "./return-link";
import { applyNotification } from "./settlement";
import { queueTestGatewayNotification } from "./test-gateway/notifier";
import { testGatewayRoutes } from "./test-gateway/routes";
import { TestGateway } from "./test-gateway/test-gateway";
import { TrustPayGateway } from "./trustpay/trustpay-gateway";
import { settleTrustPayNotification } from "./trustpay/webhook";

const _bearer = [{ siteKey: [], bearer: [] }];
/** Notifications are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The server's own address, for the in-process test gateway to notify it as a provider would. */
export function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the server is not listening on a TCP port");
  const host = ["0.0.0.0", "::"].includes(address.address)
    ? "127.0.0.1"
    : address.address.includes(":")
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

export async function paymentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const signedIn = requireAuth(context);
  const gateway = configuredGateway(context);
  if (gateway instanceof TestGateway) {
    testGatewayRoutes(app, gateway, (body) => queueTestGatewayNotification(context, body), context.config.siteName);
  }
  purchaseRoutes(app, context);

  routeEndpoint(
    app,
    paymentEndpoints.createPayment,
    {
      onRequest: signedIn,
      // 20 checkouts a minute per member (members behind one carrier address must not block each other).
      config: {
        rateLimit: { max: 20, timeWindow: 60_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
      },
    },
    async (request, reply) => {
      const { created, checkoutBrowser } = await createPayment(context, gateway, authOf(request), {
        packageId: request.body.package_id,
        browser: readCheckoutCookie(request),
      });
      setCheckoutCookie(reply, context.config, checkoutBrowser);
      return reply.status(201).send({ data: created });
    },
  );

  routeEndpoint(
    app,
    paymentEndpoints.payment,
    {
      onRequest: signedIn,
    },
    async (request) => ({ data: await findPayment(context, authOf(request), request.params.id) }),
  );

  // GET /api/payment/auth/{custom1} signs in, so the auth module registers it (with claimReturnLink from here).

  adminPaymentRoutes(app, context, gateway);

  if (!gateway) return;
  const active = gateway;
  // Its own scope: the signature covers the raw bytes, so this route reads them untouched by the JSON parser.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      `/api/payments/webhooks/${active.name}`,
      {
        // The signature is its only credential: no site key, no bearer token.
        config: { siteKeyExempt: true, rateLimit: { max: 600, timeWindow: 60_000 } },
        schema: {
          tags: ["payments"],
          summary: `Signed notifications from the ${active.name} gateway (see docs/payments.md); 400 unless genuine`,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (active instanceof TrustPayGateway) {
          await settleTrustPayNotification(context, active, raw, request.ip);
          return { received: true as const };
        }
        const notification = active.readNotification(raw, request.headers);
        await applyNotification(context, active.name, notification);
        return { received: true as const };
      },
    );
  });
}
