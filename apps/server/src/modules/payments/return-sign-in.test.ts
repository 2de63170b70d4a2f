import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { jsonRequest, signedInMember } from "../../test/factories";
import { startPurchase } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe("the payment return sign-in (GET /api/payment/auth/{custom1})", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "100000" });
  });
  afterAll(() => server.stop());

  /**
   * A purchase left pending on the test gateway's page; answers the payment, the custom1 of its return link and
   * the cookie of the browser that began it (`browserCookie` in: one the browser already holds).
   */
  async function returnLink(member: Member, browserCookie?: string) {
    const payment = await startPurchase(server, member, "credits-100", { browserCookie });
    const checkout = new URL(payment.checkoutUrl);
    const submitted = await server.request(`${checkout.pathname}${checkout.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=pending",
      redirect: "manual",
    });
    const custom1 = new URL(submitted.headers.get("location") ?? "").searchParams.get("custom1") ?? "";
    expect(custom1.length).toBeGreaterThan(30);
    return { payment, custom1, browser: payment.browserCookie };
  }
  const useLink = (custom1: string, headers: Record<string, string> = {}) =>
    server.request(`/api/payment/auth/${custom1}`, { headers });
  const fromBrowser = (cookie: string, headers: Record<string, string> = {}) => ({ ...headers, Cookie: cookie });
  const whoIs = async (response: Response) => {
    const { data } = await response.json();
    const me = await server.request("/api/me", {
      method: "POST",
      headers: { Authorization: `Bearer ${data.access_token}` },
    });
    return (await me.json()).data.uuid as string;
  };
  const backdate = (paymentId: string, minutes: number) =>
    server.context.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(payments.id, paymentId));

  /** A buyer who turned on two-factor sign-in; answers them and the code their app shows `stepsAhead` steps on. */
  async function buyerWithTwoFactor() {
    const buyer = await signedInMember(server);
    const post = (path: string, body: unknown) => server.request(path, jsonRequest("POST", body, buyer.auth));
    const setup = await post("/api/account/two-factor/setup", { password: buyer.password });
    const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
    const codeFor = (stepsAhead: number) =>
      generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
    expect((await post("/api/account/two-factor/enable", { password: buyer.password, code: codeFor(0) })).status).toBe(
      200,
    );
    return { buyer, codeFor };
  }

  it("works once", async () => {
    const buyer = await signedInMember(server);
    const { custom1, browser } = await returnLink(buyer);
    expect((await useLink(custom1, fromBrowser(browser))).status).toBe(200);
    expect((await useLink(custom1, fromBrowser(browser))).status).toBe(404);
  });

  it("signs in only the member who paid, whoever else's session the browser holds", async () => {
    const buyer = await signedInMember(server);
    const someoneElse = await signedInMember(server);
    const { custom1, browser } = await returnLink(buyer);
    const answer = await useLink(custom1, fromBrowser(browser, someoneElse.auth));
    expect(answer.status).toBe(200);
    expect(await whoIs(answer)).toBe(buyer.uuid);
  });

  it("never signs in a buyer who has since been suspended or deleted", async () => {
    const { db } = server.context.database;
    for (const change of [{ suspendedAt: new Date(), suspendedReason: "fraud" }, { deletedAt: new Date() }]) {
      const buyer = await signedInMember(server);
      const { custom1, browser } = await returnLink(buyer);
      await db.update(users).set(change).where(eq(users.id, buyer.id));
      expect((await useLink(custom1, fromBrowser(browser))).status, Object.keys(change)[0]).toBe(404);
    }
  });

  it("works only within 15 minutes of the payment's creation", async () => {
    const buyer = await signedInMember(server);
    const inTime = await returnLink(buyer);
    const stored = inTime.payment;
    expect((stored.custom1ExpiresAt?.getTime() ?? 0) - stored.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000);
    await backdate(inTime.payment.id, 14);
    expect((await useLink(inTime.custom1, fromBrowser(inTime.browser))).status).toBe(200);

    // 16 minutes after the payment began, even a link whose stored expiry is later no longer works.
    const late = await returnLink(buyer);
    await backdate(late.payment.id, 16);
    await server.context.database.db
      .update(payments)
      .set({ custom1ExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(payments.id, late.payment.id));
    expect((await useLink(late.custom1, fromBrowser(late.browser))).status).toBe(404);
  });

  it("answers a two-factor buyer with the sign-in challenge, not tokens, and the code finishes it", async () => {
    const { buyer, codeFor } = await buyerWithTwoFactor();
    const { custom1, browser } = await returnLink(buyer);
    const answer = await useLink(custom1, fromBrowser(browser));
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(["challenge", "two_factor_required"]);
    expect(data.two_factor_required).toBe(true);
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("velvet_refresh="))).toBe(false);
    // Used up by the challenge: the link cannot be tried again for tokens.
    expect((await useLink(custom1, fromBrowser(browser))).status).toBe(404);

    const wrong = await server.request(
      "/api/login/two-factor",
      jsonRequest("POST", { challenge: data.challenge, code: "000000" }),
    );
    expect(wrong.status).toBe(422);
    const finished = await server.request(
      "/api/login/two-factor",
      jsonRequest("POST", { challenge: data.challenge, code: codeFor(1) }),
    );
    expect(finished.status).toBe(200);
    expect(finished.headers.getSetCookie().some((cookie) => cookie.startsWith("velvet_refresh="))).toBe(true);
    expect(await whoIs(finished)).toBe(buyer.uuid);
  });

  it("sets the checkout cookie HttpOnly, SameSite=Lax, on /api, for at most 15 minutes", async () => {
    const buyer = await signedInMember(server);
    const { browserCookieSet } = await startPurchase(server, buyer, "credits-100");
    const attributes = browserCookieSet.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^velvet_checkout=[\w-]{43}$/);
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/api");
    const maxAge = Number(attributes.find((part) => part.startsWith("max-age="))?.slice("max-age=".length));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(900);
    // http:// here; an https APP_URL adds Secure (as the refresh cookie does).
    expect(attributes).not.toContain("secure");
    // Only its hash is stored.
    const [stored] = await server.context.database.db
      .select({ hash: payments.checkoutBrowserHash })
      .from(payments)
      .where(eq(payments.userId, buyer.id));
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.hash).not.toContain(attributes[0]?.split("=")[1] ?? "");
  });

  it("refuses the link without the checkout's cookie, or with another browser's, as a used link (404), and leaves it usable", async () => {
    const buyer = await signedInMember(server);
    const { custom1, browser } = await returnLink(buyer);
    const elsewhere = await returnLink(await signedInMember(server));
    const sameMemberOtherBrowser = await returnLink(buyer);
    for (const headers of [
      {},
      fromBrowser(elsewhere.browser),
      fromBrowser(sameMemberOtherBrowser.browser),
      fromBrowser("velvet_checkout=not-a-value"),
    ]) {
      const refused = await useLink(custom1, headers);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual(await (await useLink("not-a-real-value", fromBrowser(browser))).json());
    }
    expect((await useLink(custom1, fromBrowser(browser))).status).toBe(200);
  });

  it("keeps both return links working for two checkouts in one browser", async () => {
    const buyer = await signedInMember(server);
    const first = await returnLink(buyer);
    const second = await returnLink(buyer, first.browser);
    expect(second.browser).toBe(first.browser);
    expect((await useLink(first.custom1, fromBrowser(second.browser))).status).toBe(200);
    expect((await useLink(second.custom1, fromBrowser(second.browser))).status).toBe(200);

    // A value the browser did not get from one of this member's checkouts is replaced, not adopted.
    const stranger = await returnLink(await signedInMember(server));
    const planted = await returnLink(buyer, stranger.browser);
    expect(planted.browser).not.toBe(stranger.browser);
    expect((await useLink(planted.custom1, fromBrowser(stranger.browser))).status).toBe(404);
  });

  it("is voided once the signed-in owner reads the payment, and only by the owner", async () => {
    const buyer = await signedInMember(server);
    const read = (paymentId: string, member: Member) =>
      server.request(`/api/payments/${paymentId}`, { headers: member.auth });

    const seen = await returnLink(buyer);
    expect((await read(seen.payment.id, buyer)).status).toBe(200);
    expect((await useLink(seen.custom1, fromBrowser(seen.browser))).status).toBe(404);

    const askedByAnother = await returnLink(buyer);
    expect((await read(askedByAnother.payment.id, await signedInMember(server))).status).toBe(404);
    expect((await useLink(askedByAnother.custom1, fromBrowser(askedByAnother.browser))).status).toBe(200);
  });
});
