import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { GatewayEventType } from "../gateway";
import { checkoutStyles, renderCheckoutPage, renderMissingCheckout } from "./checkout-page";
import type { TestGateway } from "./test-gateway";
import { notificationFor } from "./wire-format";

const decisions: Record<string, GatewayEventType> = { approve: "paid", decline: "failed", pending: "pending" };
const ZDecisionSchema = z.object({ decision: z.enum(["approve", "decline", "pending"]) });
/** Sessions are long (encrypted), more than the router allows in a path segment: they ride in the query. */
type SessionQuery = { Querystring: { session?: string } };

/**
 * The test gateway's own pages, outside /api as a provider's would be: the
 * hosted checkout, and a refund and a chargeback trigger for trying those paths by hand.
 */
export function testGatewayRoutes(
  app: FastifyInstance,
  gateway: TestGateway,
  /** Queues a notification body for delivery to the webhook (see notifier.ts). */
  notify: (body: string) => Promise<void>,
  merchant: string,
): void {
  app.get("/test-gateway/checkout.css", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(checkoutStyles),
  );

  // The hosted page takes money for CHECKOUT_PAYABLE_MS after the checkout began (the spending limit counts on it).
  app.get<SessionQuery>("/test-gateway/checkout", { schema: { hide: true } }, async (request, reply) => {
    const session = gateway.openPayableSession(request.query.session ?? "");
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store");
    if (!session) return reply.status(404).send(renderMissingCheckout());
    return reply.send(renderCheckoutPage(session, merchant));
  });

  // The hosted page's HTML form posts the decision.
  app.post<SessionQuery>(
    "/test-gateway/checkout",
    { config: { formBody: true }, schema: { hide: true } },
    async (request, reply) => {
      const session = gateway.openPayableSession(request.query.session ?? "");
      const form = ZDecisionSchema.safeParse(request.body);
      if (!session || !form.success) {
        return reply.status(404).type("text/html; charset=utf-8").send(renderMissingCheckout());
      }
      const type = decisions[form.data.decision] ?? "pending";
      await notify(JSON.stringify(notificationFor(session, type)));
      return reply.redirect(session.returnUrl, 303);
    },
  );

  for (const [path, type, done] of [
    ["/test-gateway/refund", "refunded", "Refund notification queued"],
    // A card holder's bank taking the money back (payment.chargeback on the wire).
    ["/test-gateway/chargeback", "charged_back", "Chargeback notification queued"],
  ] as const) {
    app.post<SessionQuery>(path, { schema: { hide: true } }, async (request, reply) => {
      const session = gateway.openSession(request.query.session ?? "");
      if (!session) return reply.status(404).type("text/plain").send("Checkout not found\n");
      await notify(JSON.stringify(notificationFor(session, type)));
      return reply.status(202).type("text/plain").send(`${done}\n`);
    });
  }
}
