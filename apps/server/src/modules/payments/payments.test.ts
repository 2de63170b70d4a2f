import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { promotions } from "../../platform/db/schema/promotions";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { createMember, jsonRequest, reloadUser, signedInMember } from "../../test/factories";
import { packageIdOf, paymentRow, startPurchase } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { findLedgerMismatches, paymentReference } from "../ledger";
import { PassExpiryWatcher } from "./pass-expiry";
import { findPaymentMismatches } from "./payment-check";

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe("buying from the credit store through the test gateway", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20" });
  });
  afterAll(async () => {
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
    expect(await findPaymentMismatches(server.context.database.db)).toEqual([]);
    await server.stop();
  });
  // Each test sets the promotion it needs; none of an earlier test's may carry over.
  beforeEach(async () => {
    await server.context.database.db.delete(promotions);
    server.context.events.emit("promotions.changed", {});
  });

  const db = () => server.context.database.db;
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  async function runPromotion(name: string, offer: { discountPercent?: number; bonusPercent?: number }) {
    await db()
      .insert(promotions)
      .values({
        name,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3600_000),
        ...offer,
      });
    server.context.events.emit("promotions.changed", {});
  }

  async function shelf(auth: Record<string, string> = {}) {
    const response = await server.request("/api/credit-packages", { headers: auth });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      data: Array<Record<string, unknown> & { id: number; kind: string; credits: number }>;
      meta: { promotion: Record<string, unknown> | null; vip: { active: boolean } | null };
    };
  }
  const item = (list: Awaited<ReturnType<typeof shelf>>, credits: number, kind = "credits") =>
    list.data.find((entry) => entry.kind === kind && (kind !== "credits" || entry.credits === credits));

  /** Pays on the hosted checkout page as a member would, and waits for the gateway's notification to land. */
  async function checkout(member: Member, code: string, decision: "approve" | "decline" | "pending" = "approve") {
    const payment = await startPurchase(server, member, code);
    const page = await server.request(pathOf(payment.checkoutUrl));
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ["Approve payment", "Decline payment", "Leave pending"]) expect(html).toContain(label);
    const submitted = await server.request(pathOf(payment.checkoutUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `decision=${decision}`,
      redirect: "manual",
    });
    expect(submitted.status).toBe(303);
    const returnUrl = new URL(submitted.headers.get("location") ?? "");
    expect(returnUrl.pathname).toBe("/payment-status");
    expect(returnUrl.searchParams.get("payment")).toBe(payment.id);
    if (decision !== "pending") {
      await expect
        .poll(async () => (await paymentRow(server, payment.id)).status, { timeout: 10_000, interval: 50 })
        .not.toBe("pending");
    }
    return { payment, custom1: returnUrl.searchParams.get("custom1") ?? "" };
  }

  const me = async (auth: Record<string, string>) =>
    (await (await server.request("/api/me", { method: "POST", headers: auth })).json()).data;

  it("lists the store to anyone: packages, the pass and VIP, in AUD with GST included", async () => {
    const { data, meta } = await shelf();
    expect(data.map((entry) => [entry.kind, entry.credits, entry.bonus_credits, entry.price])).toEqual([
      ["credits", 100, 0, "14.95"],
      ["credits", 250, 25, "29.95"],
      ["credits", 500, 75, "49.95"],
      ["credits", 1000, 200, "89.95"],
      ["credits", 2500, 625, "199.95"],
      ["pass", 0, 0, "24.95"],
      ["vip", 200, 0, "39.95"],
    ]);
    expect(data.every((entry) => entry.currency === "AUD" && entry.regular_price === null)).toBe(true);
    expect(Object.keys(data[0] ?? {})).toEqual(
      expect.arrayContaining(["id", "kind", "name", "credits", "bonus_credits", "price", "currency"]),
    );
    expect(meta).toEqual({ promotion: null, vip: null });
  });

  it("takes 40% off credit packages in a discount event, and adds credits as their own ledger row in a bonus event", async () => {
    await runPromotion("summer", { discountPercent: 40 });
    const summer = await shelf();
    expect(summer.meta.promotion).toMatchObject({ name: "summer", discount_percent: 40 });
    expect(item(summer, 500)).toMatchObject({ price: "29.97", regular_price: "49.95" });
    expect(item(summer, 0, "pass")).toMatchObject({ price: "24.95", regular_price: null });

    await db().delete(promotions);
    await runPromotion("xmas", { bonusPercent: 40 });
    const member = await signedInMember(server);
    expect(item(await shelf(member.auth), 2500)).toMatchObject({ price: "199.95", promo_bonus_credits: 1000 });
    const { payment } = await checkout(member, "credits-2500");
    expect(payment).toMatchObject({ priceCents: 19995, credits: 3125, promoBonusCredits: 1000, promotionName: "xmas" });
    const rows = await db()
      .select({ reason: creditLedger.reason, amount: creditLedger.amount })
      .from(creditLedger)
      .where(eq(creditLedger.reference, paymentReference(payment.id)))
      .orderBy(creditLedger.id);
    expect(rows).toEqual([
      { reason: "purchase", amount: 3125 },
      { reason: "promotion", amount: 1000 },
    ]);
    expect((await reloadUser(server, member.id))?.credits).toBe(4125);
  });

  it("pays through the hosted checkout: approve credits, decline fails, leave pending waits", async () => {
    const member = await signedInMember(server);
    const created = await server.request(
      "/api/payments",
      jsonRequest("POST", { package_id: await packageIdOf(server, "credits-100") }, member.auth),
    );
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(Object.keys(body.data).sort()).toEqual(["checkout_url", "id", "status"]);
    expect(body.data.status).toBe("pending");
    expect(body.data.checkout_url).toMatch(/\/test-gateway\/checkout\?session=/);

    const approved = await checkout(member, "credits-100");
    expect((await paymentRow(server, approved.payment.id)).status).toBe("paid");
    const status = await (
      await server.request(`/api/payments/${approved.payment.id}`, { headers: member.auth })
    ).json();
    expect(status.data).toMatchObject({ id: approved.payment.id, status: "paid", credits: 100, price: "14.95" });
    expect((await me(member.auth)).credits).toBe(100);

    const declined = await checkout(member, "credits-100", "decline");
    expect((await paymentRow(server, declined.payment.id)).status).toBe("failed");
    const waiting = await checkout(member, "credits-100", "pending");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await paymentRow(server, waiting.payment.id)).status).toBe("pending");
    expect((await me(member.auth)).credits).toBe(100);
  });

  it("signs the buyer in with the return link's custom1 exactly once", async () => {
    const member = await signedInMember(server);
    const { payment, custom1 } = await checkout(member, "credits-100");
    expect(custom1.length).toBeGreaterThan(30);
    // From the browser that began the checkout (its velvet_checkout cookie).
    const browser = { Cookie: payment.browserCookie };
    const first = await server.request(`/api/payment/auth/${custom1}`, { headers: browser });
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(Object.keys(data).sort()).toEqual(["access_token", "expires_in", "token_type"]);
    expect(data.token_type).toBe("bearer");
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith("velvet_refresh="))).toBe(true);
    expect((await me({ Authorization: `Bearer ${data.access_token}` })).uuid).toBe(member.uuid);

    expect((await server.request(`/api/payment/auth/${custom1}`, { headers: browser })).status).toBe(404);
    expect((await server.request("/api/payment/auth/not-a-real-value", { headers: browser })).status).toBe(404);

    const late = await checkout(member, "credits-100", "pending");
    await db()
      .update(payments)
      .set({ custom1ExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, late.payment.id));
    expect(
      (await server.request(`/api/payment/auth/${late.custom1}`, { headers: { Cookie: late.payment.browserCookie } }))
        .status,
    ).toBe(404);
  });

  it("starts the 24-hour pass with PassStarted, ends it with PassEnded, and a refund takes it back", async () => {
    const member = await signedInMember(server);
    const duration = realtimeChannels.duration(member.uuid);
    const { payment } = await checkout(member, "pass-24h");
    const user = await me(member.auth);
    expect(user.has_unli_message).toBe(true);
    const events = async () =>
      (await db().select().from(realtimeOutbox).where(eq(realtimeOutbox.channel, duration))).map((row) => row.event);
    expect(await events()).toEqual([realtimeEvents.passStarted]);

    // The pass runs out: the watcher announces it once, and the balance shows again.
    await db()
      .update(users)
      .set({ unlimitedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.id));
    const watcher = new PassExpiryWatcher(server.context);
    // (The server's own watcher may get there first: either way, one announcement.)
    await watcher.runOnce();
    expect(await events()).toEqual([realtimeEvents.passStarted, realtimeEvents.passEnded]);
    expect((await me(member.auth)).has_unli_message).toBe(false);
    await watcher.runOnce();
    expect(await events()).toEqual([realtimeEvents.passStarted, realtimeEvents.passEnded]);

    // Bought again, then refunded: the time comes off and the tabs are told at once.
    const again = await checkout(member, "pass-24h");
    expect((await me(member.auth)).has_unli_message).toBe(true);
    const refund = await server.request(pathOf(again.payment.checkoutUrl).replace("/checkout?", "/refund?"), {
      method: "POST",
    });
    expect(refund.status).toBe(202);
    await expect
      .poll(async () => (await paymentRow(server, again.payment.id)).status, { timeout: 10_000, interval: 50 })
      .toBe("refunded");
    expect((await me(member.auth)).has_unli_message).toBe(false);
    expect(await events()).toEqual([
      realtimeEvents.passStarted,
      realtimeEvents.passEnded,
      realtimeEvents.passStarted,
      realtimeEvents.passEnded,
    ]);
    expect((await paymentRow(server, payment.id)).status).toBe("paid");
  });

  it("gives VIP members their included credits, 20% extra on credit packages and the pass for less", async () => {
    const member = await signedInMember(server);
    expect((await shelf(member.auth)).meta.vip).toEqual({ active: false, expires_at: null });
    await checkout(member, "vip-30d");
    const vipUntil = (await reloadUser(server, member.id))?.vipUntil?.getTime() ?? 0;
    expect(vipUntil - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);
    expect((await me(member.auth)).credits).toBe(200);

    const priced = await shelf(member.auth);
    expect(priced.meta.vip?.active).toBe(true);
    expect(item(priced, 500)).toMatchObject({ price: "49.95", vip_bonus_credits: 100 });
    expect(item(priced, 0, "pass")).toMatchObject({ price: "19.96", regular_price: "24.95" });

    const { payment } = await checkout(member, "credits-500");
    const rows = await db()
      .select({ reason: creditLedger.reason, amount: creditLedger.amount })
      .from(creditLedger)
      .where(eq(creditLedger.reference, paymentReference(payment.id)))
      .orderBy(creditLedger.id);
    expect(rows).toEqual([
      { reason: "purchase", amount: 575 },
      { reason: "vip_bonus", amount: 100 },
    ]);
    expect((await me(member.auth)).credits).toBe(875);
  });

  it("lets only the member buy, for themselves, and shows a payment only to its buyer", async () => {
    const member = await signedInMember(server);
    const other = await signedInMember(server);
    const packageId = await packageIdOf(server, "credits-100");
    expect((await server.request("/api/payments", jsonRequest("POST", { package_id: packageId }))).status).toBe(401);
    const unknown = await server.request("/api/payments", jsonRequest("POST", { package_id: 999_999 }, member.auth));
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({ package_id: ["This package is no longer available."] });

    const { payment } = await checkout(member, "credits-100", "pending");
    expect((await server.request(`/api/payments/${payment.id}`, { headers: other.auth })).status).toBe(404);
    expect((await server.request(`/api/payments/${payment.id}`)).status).toBe(401);

    // An operator acting as the member may look, never buy.
    const operator = await createMember(server, { roles: ["operator"] });
    const staff = await server.request(
      "/api/login",
      jsonRequest("POST", { email: operator.email, password: operator.password }),
    );
    const staffAuth = { Authorization: `Bearer ${(await staff.json()).data.access_token}` };
    const issued = await (
      await server.request(`/api/admin/users/${member.uuid}/impersonation`, { method: "POST", headers: staffAuth })
    ).json();
    const exchanged = await (
      await server.request("/api/impersonate", jsonRequest("POST", { token: issued.data.token }))
    ).json();
    const actingAs = { Authorization: `Bearer ${exchanged.data.access_token}` };
    expect(
      (await server.request("/api/payments", jsonRequest("POST", { package_id: packageId }, actingAs))).status,
    ).toBe(403);
    expect((await server.request(`/api/payments/${payment.id}`, { headers: actingAs })).status).toBe(200);
  });

  it("records every CreditsEarned of a purchase on the member's credits channel", async () => {
    const member = await signedInMember(server);
    await checkout(member, "credits-250");
    const rows = await db()
      .select()
      .from(realtimeOutbox)
      .where(
        and(
          eq(realtimeOutbox.channel, realtimeChannels.credits(member.uuid)),
          eq(realtimeOutbox.event, realtimeEvents.creditsEarned),
        ),
      );
    expect(rows.map((row) => row.payload)).toEqual([{ credits: 275, balance: 275 }]);
  });
});

describe("with PAYMENT_GATEWAY=disabled", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_GATEWAY: "disabled" });
  });
  afterAll(() => server.stop());

  it("shows the store but sells nothing, and has no test gateway", async () => {
    expect((await server.request("/api/credit-packages")).status).toBe(200);
    const member = await signedInMember(server);
    const response = await server.request(
      "/api/payments",
      jsonRequest("POST", { package_id: await packageIdOf(server, "credits-100") }, member.auth),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Payments are not available right now. Please try again later." });
    expect((await server.request("/api/payments/webhooks/test", { method: "POST", siteKey: null })).status).toBe(404);
  });
});
