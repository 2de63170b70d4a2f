import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { signedInMember } from "../../test/factories";
import { startPurchase } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("the payment return sign-in (GET /api/payment/auth/{custom1})", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** A purchase left pending on the test gateway's page; answers the payment and the custom1 of its return link. */
  async function returnLink(member: Awaited<ReturnType<typeof signedInMember>>) {
    const payment = await startPurchase(server, member, "credits-100");
    const checkout = new URL(payment.checkoutUrl);
    const submitted = await server.request(`${checkout.pathname}${checkout.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=pending",
      redirect: "manual",
    });
    const custom1 = new URL(submitted.headers.get("location") ?? "").searchParams.get("custom1") ?? "";
    expect(custom1.length).toBeGreaterThan(30);
    return { payment, custom1 };
  }
  const useLink = (custom1: string, headers: Record<string, string> = {}) =>
    server.request(`/api/payment/auth/${custom1}`, { headers });
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

  it("works once", async () => {
    const buyer = await signedInMember(server);
    const { custom1 } = await returnLink(buyer);
    expect((await useLink(custom1)).status).toBe(200);
    expect((await useLink(custom1)).status).toBe(404);
  });

  it("signs in only the member who paid, whoever else's session the browser holds", async () => {
    const buyer = await signedInMember(server);
    const someoneElse = await signedInMember(server);
    const { custom1 } = await returnLink(buyer);
    const answer = await useLink(custom1, someoneElse.auth);
    expect(answer.status).toBe(200);
    expect(await whoIs(answer)).toBe(buyer.uuid);
  });

  it("never signs in a buyer who has since been suspended or deleted", async () => {
    const { db } = server.context.database;
    for (const change of [{ suspendedAt: new Date(), suspendedReason: "fraud" }, { deletedAt: new Date() }]) {
      const buyer = await signedInMember(server);
      const { custom1 } = await returnLink(buyer);
      await db.update(users).set(change).where(eq(users.id, buyer.id));
      expect((await useLink(custom1)).status, Object.keys(change)[0]).toBe(404);
    }
  });

  it("works only within 15 minutes of the payment's creation", async () => {
    const buyer = await signedInMember(server);
    const inTime = await returnLink(buyer);
    const stored = inTime.payment;
    expect((stored.custom1ExpiresAt?.getTime() ?? 0) - stored.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000);
    await backdate(inTime.payment.id, 14);
    expect((await useLink(inTime.custom1)).status).toBe(200);

    // 16 minutes after the payment began, even a link whose stored expiry is later no longer works.
    const late = await returnLink(buyer);
    await backdate(late.payment.id, 16);
    await server.context.database.db
      .update(payments)
      .set({ custom1ExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(payments.id, late.payment.id));
    expect((await useLink(late.custom1)).status).toBe(404);
  });
});
