import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { GatewayEventType } from "../modules/payments/gateway";
import { CHECKOUT_COOKIE } from "../modules/payments/return-link";
import { signatureHeader } from "../modules/payments/signature";
import { wireTypeOf } from "../modules/payments/test-gateway/wire-format";
import { creditPackages } from "../platform/db/schema/credits";
import { payments } from "../platform/db/schema/payments";
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

/**
 * Starts a purchase over HTTP as the member's browser would; answers the stored payment, its checkout URL and
 * `browserCookie`, the `Cookie` header of the browser that began it (the return link signs in only with it).
 * `browserCookie` in: the cookie the browser already holds from an earlier checkout.
 */
export async function startPurchase(
  server: TestServer,
  member: { auth: Record<string, string> },
  code: string,
  options: { browserCookie?: string } = {},
) {
  const headers = options.browserCookie ? { ...member.auth, Cookie: options.browserCookie } : member.auth;
  const response = await server.request(
    "/api/payments",
    jsonRequest("POST", { package_id: await packageIdOf(server, code) }, headers),
  );
  if (response.status !== 201) throw new Error(`purchase failed with ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { id: string; checkout_url: string } };
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CHECKOUT_COOKIE}=`)) ?? "";
  return {
    ...(await paymentRow(server, data.id)),
    checkoutUrl: data.checkout_url,
    browserCookie: set.split(";")[0] ?? "",
    browserCookieSet: set,
  };
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
      type: wireTypeOf(type),
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

/**
 * A payment written straight to the table, in any state and at any time, for tests about the member's own
 * purchase history and spending (the settlement path has its own tests over the webhook).
 */
export async function insertPayment(
  server: TestServer,
  member: { id: number },
  options: { code?: string; status?: string; createdAt?: Date; paidAt?: Date | null; refundedAt?: Date | null } = {},
) {
  const [item] = await server.context.database.db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.code, options.code ?? "credits-500"));
  if (!item) throw new Error(`no package ${options.code}`);
  const status = options.status ?? "paid";
  const createdAt = options.createdAt ?? new Date();
  const [row] = await server.context.database.db
    .insert(payments)
    .values({
      userId: member.id,
      packageId: item.id,
      kind: item.kind,
      packageName: item.name,
      credits: item.credits + item.bonusCredits,
      durationHours: item.durationHours,
      priceCents: item.priceCents,
      currency: item.currency,
      gateway: "test",
      gatewayReference: `tg_${randomBytes(8).toString("hex")}`,
      status,
      custom1Hash: randomBytes(32).toString("hex"),
      custom1ExpiresAt: createdAt,
      createdAt,
      paidAt: options.paidAt !== undefined ? options.paidAt : ["paid", "refunded"].includes(status) ? createdAt : null,
      refundedAt: options.refundedAt ?? (status === "refunded" ? createdAt : null),
    })
    .returning();
  if (!row) throw new Error("payment not inserted");
  return row;
}
