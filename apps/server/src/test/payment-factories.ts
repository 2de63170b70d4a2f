import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { GatewayEventType } from "../modules/payments/gateway";
import { signatureHeader } from "../modules/payments/signature";
import { creditPackages, payments } from "../platform/db/schema";
import { jsonRequest } from "./factories";
import type { TestServer } from "./support";

export async function packageIdOf(server: TestServer, code: string): Promise<number> {
  const [row] = await server.context.database.db
    .select({ id: creditPackages.id })
    .from(creditPackages)
    .where(eq(creditPackages.code, code));
  if (!row) throw new Error(`no package ${code}`);
  return row.id;
}

export async function paymentRow(server: TestServer, id: string) {
  const [row] = await server.context.database.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

/** Starts a purchase over HTTP as the member's browser would; answers the stored payment and its checkout URL. */
export async function startPurchase(server: TestServer, member: { auth: Record<string, string> }, code: string) {
  const response = await server.request(
    "/api/payments",
    jsonRequest("POST", { package_id: await packageIdOf(server, code) }, member.auth),
  );
  if (response.status !== 201) throw new Error(`purchase failed with ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: string; checkout_url: string } };
  return { ...(await paymentRow(server, data.id)), checkoutUrl: data.checkout_url };
}

export interface SignedNotification {
  body: string;
  headers: Record<string, string>;
}

/**
 * A notification exactly as the test gateway sends it, signed with the
 * server's webhook secret; options forge the ways it can go wrong.
 */
export function gatewayNotification(
  server: TestServer,
  payment: { id: string; priceCents: number; currency: string; gatewayReference: string | null },
  type: GatewayEventType,
  options: { eventId?: string; signedAt?: Date; secret?: string; amountCents?: number } = {},
): SignedNotification {
  // Spaced like a provider might send it: re-serializing it would change the bytes.
  const body = JSON.stringify(
    {
      id: options.eventId ?? `evt_${randomBytes(10).toString("hex")}`,
      type: `payment.${type}`,
      created: Math.floor(Date.now() / 1000),
      data: {
        payment_id: payment.id,
        reference: payment.gatewayReference ?? "tg_unknown",
        amount: options.amountCents ?? payment.priceCents,
        currency: payment.currency,
      },
    },
    null,
    1,
  );
  const signedAt = Math.floor((options.signedAt ?? new Date()).getTime() / 1000);
  const secret = options.secret ?? server.context.config.payments.webhookSecret;
  return {
    body,
    headers: { "Content-Type": "application/json", "X-Signature": signatureHeader(secret, body, signedAt) },
  };
}

/** Delivers a notification to the webhook as the gateway would: no site key, no bearer token. */
export function deliver(server: TestServer, notification: SignedNotification, gateway = "test") {
  return server.request(`/api/payments/webhooks/${gateway}`, {
    method: "POST",
    siteKey: null,
    headers: notification.headers,
    body: notification.body,
  });
}
