import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInMember } from "../../test/factories";
import { insertPayment } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("a member's purchases and receipts", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      SITE_LEGAL_NAME: "Receipts Test OÜ",
      SITE_LEGAL_ADDRESS: "Test street 1, 10111 Tallinn, Estonia",
      SITE_TAX_ID: "ARN 000 000 000",
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function get(auth: Record<string, string>, path: string) {
    const response = await server.request(path, { headers: auth });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data: never } };
  }

  it("lists only the member's own payments, newest first, 20 a page, in the documented shape", async () => {
    const owner = await signedInMember(server);
    const other = await signedInMember(server);
    const start = Date.now() - 30 * 60_000;
    // Not charged_back: payments.status is varchar(10) on main, too short for it (left to the chargebacks work).
    const statuses = ["paid", "pending", "failed", "refunded"];
    const mine = [];
    for (let index = 0; index < 23; index += 1) {
      const status = statuses[index % statuses.length] ?? "paid";
      mine.push(await insertPayment(server, owner, { status, createdAt: new Date(start + index * 60_000) }));
    }
    const theirs = await insertPayment(server, other, { createdAt: new Date() });

    const first = await get(owner.auth, "/api/payments");
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, total: 23 });
    const firstPage = first.body.data as Array<{ id: string }>;
    expect(firstPage).toHaveLength(20);
    const newestFirst = [...mine].reverse().map((payment) => payment.id);
    expect(firstPage.map((item) => item.id)).toEqual(newestFirst.slice(0, 20));

    const second = await get(owner.auth, "/api/payments?page=2");
    expect(second.body.meta).toEqual({ current_page: 2, last_page: 2, total: 23 });
    expect((second.body.data as Array<{ id: string }>).map((item) => item.id)).toEqual(newestFirst.slice(20));
    expect([...firstPage, ...(second.body.data as Array<{ id: string }>)].map((item) => item.id)).not.toContain(
      theirs.id,
    );

    const newest = mine[22];
    const refunded = mine[19];
    if (!newest || !refunded) throw new Error("payments missing");
    // 22 % 4 = 2: failed, never settled.
    expect(firstPage[0]).toEqual({
      id: newest.id,
      status: "failed",
      package: { name: "Popular", credits: 575 },
      amount_cents: 4995,
      currency: "AUD",
      created_at: newest.createdAt.toISOString(),
      settled_at: null,
      refunded_at: null,
    });
    expect(firstPage.find((item) => item.id === refunded.id)).toMatchObject({
      status: "refunded",
      settled_at: refunded.createdAt.toISOString(),
      refunded_at: refunded.createdAt.toISOString(),
    });

    // The other member sees their one payment and nothing of the owner's.
    const theirList = await get(other.auth, "/api/payments");
    expect((theirList.body.data as Array<{ id: string }>).map((item) => item.id)).toEqual([theirs.id]);
    expect(theirList.body.meta).toEqual({ current_page: 1, last_page: 1, total: 1 });
  });

  it("answers an empty first page to a member who never bought, and 401 to a visitor", async () => {
    const member = await signedInMember(server);
    const list = await get(member.auth, "/api/payments");
    expect(list.body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, total: 0 } });
    expect((await server.request("/api/payments")).status).toBe(401);
    expect((await get(member.auth, "/api/payments?page=0")).status).toBe(422);
  });

  it("gives a receipt with the configured seller and the GST included, for paid and refunded payments", async () => {
    const member = await signedInMember(server);
    const paid = await insertPayment(server, member, { code: "credits-500", status: "paid" });
    const receipt = await get(member.auth, `/api/payments/${paid.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toEqual({
      id: paid.id,
      status: "paid",
      seller: {
        legal_name: "Receipts Test OÜ",
        address: "Test street 1, 10111 Tallinn, Estonia",
        tax_id: "ARN 000 000 000",
      },
      reference: paid.id,
      gateway_reference: paid.gatewayReference,
      paid_at: paid.createdAt.toISOString(),
      refunded_at: null,
      package: { name: "Popular", credits: 575 },
      amount_cents: 4995,
      gst_cents: 454,
      currency: "AUD",
    });

    const refunded = await insertPayment(server, member, { code: "credits-100", status: "refunded" });
    const refundedReceipt = await get(member.auth, `/api/payments/${refunded.id}/receipt`);
    expect(refundedReceipt.body.data).toMatchObject({ status: "refunded", amount_cents: 1495, gst_cents: 136 });
  });

  it("has no receipt for a payment that took no money, and none for another member's payment (404)", async () => {
    const owner = await signedInMember(server);
    const stranger = await signedInMember(server);
    const paid = await insertPayment(server, owner, { status: "paid" });
    for (const status of ["pending", "failed"]) {
      const payment = await insertPayment(server, owner, { status });
      expect((await get(owner.auth, `/api/payments/${payment.id}/receipt`)).status, status).toBe(404);
    }
    const stolen = await get(stranger.auth, `/api/payments/${paid.id}/receipt`);
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(stolen.body)).not.toContain(paid.id);
    expect((await get(owner.auth, `/api/payments/${crypto.randomUUID()}/receipt`)).status).toBe(404);
    expect((await server.request(`/api/payments/${paid.id}/receipt`)).status).toBe(401);
  });
});
