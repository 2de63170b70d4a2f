import { ZTokenResponseSchema } from "@velvet/shared/api/auth";
import {
  ZCreatePaymentRequestSchema,
  ZPaymentCreatedResponseSchema,
  ZPaymentParamsSchema,
  ZPaymentResponseSchema,
} from "@velvet/shared/api/payments";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { memberOrAddressKey } from "../../platform/http/rate-limit-keys";
import { authOf, requireAuth } from "../auth/authenticate";
import { setRefreshCookie } from "../auth/refresh-cookie";
import { presentTokens } from "../auth/session-service";
import type { PaymentGateway } from "./gateway";
import { createPayment, findPayment, signInWithCustom1 } from "./payment-service";
import { applyNotification } from "./settlement";
import { RetryingNotifier } from "./test-gateway/notifier";
import { testGatewayRoutes } from "./test-gateway/routes";
import { TestGateway } from "./test-gateway/test-gateway";

const bearer = [{ siteKey: [], bearer: [] }];
/** Notifications are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The server's own address, for the in-process test gateway to notify it as a provider would. */
function ownOrigin(app: FastifyInstance): string {
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  let gateway: PaymentGateway | undefined;

  if (context.config.payments.gateway === "test") {
    const testGateway = new TestGateway(context.config);
    const notifier = new RetryingNotifier({
      target: () => `${ownOrigin(app)}/api/payments/webhooks/${testGateway.name}`,
      secret: context.config.payments.webhookSecret,
      baseDelayMs: context.config.payments.notifyRetryBaseMs,
      logger: context.logger,
    });
    app.addHook("onClose", () => notifier.stop());
    testGatewayRoutes(app, testGateway, notifier, context.config.siteName);
    gateway = testGateway;
  }

  api.post(
    "/api/payments",
    {
      onRequest: signedIn,
      // 20 checkouts a minute per member (members behind one carrier address must not block each other).
      config: {
        rateLimit: { max: 20, timeWindow: 60_000, hook: "preHandler" as const, keyGenerator: memberOrAddressKey },
      },
      schema: {
        tags: ["payments"],
        summary: "Start buying a package: a pending payment and the gateway's checkout URL",
        security: bearer,
        body: ZCreatePaymentRequestSchema,
        response: { 201: ZPaymentCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createPayment(context, gateway, authOf(request), request.body.package_id);
      return reply.status(201).send({ data: created });
    },
  );

  api.get(
    "/api/payments/:id",
    {
      onRequest: signedIn,
      schema: {
        tags: ["payments"],
        summary: "One of the member's payments: /payment-status polls it until it settles",
        security: bearer,
        params: ZPaymentParamsSchema,
        response: { 200: ZPaymentResponseSchema },
      },
    },
    async (request) => ({ data: await findPayment(context, authOf(request), request.params.id) }),
  );

  api.get(
    "/api/payment/auth/:custom1",
    {
      // A 256-bit single-use value; the limit only keeps the endpoint from being hammered.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ["payments"],
        summary: "Sign in with the single-use custom1 of a payment's return link (404 when used or expired)",
        params: z.object({ custom1: z.string().min(1).max(200) }),
        response: { 200: ZTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const agent = request.headers["user-agent"];
      const tokens = await signInWithCustom1(context, request.params.custom1, {
        ip: request.ip,
        userAgent: typeof agent === "string" ? agent : undefined,
      });
      setRefreshCookie(reply, context.config, tokens.refreshToken);
      return { data: presentTokens(tokens) };
    },
  );

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
          summary: `Signed notifications from the ${active.name} gateway (X-Signature: t=…,v1=…); 400 unless genuine`,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const notification = active.readNotification(raw, request.headers);
        await applyNotification(context, active.name, notification);
        return { received: true as const };
      },
    );
  });
}
