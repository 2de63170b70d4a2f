import { paymentStopMessages } from "@velvet/shared/api/payments";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { creditLedger } from "../../platform/db/schema/credits";
import { jobs } from "../../platform/db/schema/jobs";
import { paymentEvents, payments } from "../../platform/db/schema/payments";
import { promotions } from "../../platform/db/schema/promotions";
import { jsonRequest, reloadUser, signedInMember, waitForJobsToSettle, waitForMail } from "../../test/factories";
import {
  deliver,
  gatewayNotification,
  insertPayment,
  paymentRow,
  type SignedNotification,
  startPurchase,
} from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { paymentReference } from "../ledger";
import { checkBooks } from "./books-check";
import { CHECKOUT_PAYABLE_MS } from "./gateway";
import { SETTLEMENT_REFUND_JOB } from "./settlement";
import { PENDING_HOLDS_MS } from "./spending-controls";
import { TestGateway } from "./test-gateway/test-gateway";

type Member = Awaited<ReturnType<typeof signedInMember>>;
type Purchase = Awaited<ReturnType<typeof startPurchase>>;

/**
 * The member's own spending controls hold at settlement too: whatever the provider's page takes over the limit,
 * during a cool-off, or for a checkout a cool-off cancelled is refunded through the gateway at once, credits
 * nothing that can be spent, and is explained to the member.
 */
describe("spending controls at settlement", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20", API_RATE_LIMIT: "100000" });
  });
  afterAll(async () => {
    expect((await checkBooks(server.context.database.db)).problems).toEqual([]);
    await server.stop();
  });
  // The catalogue's own prices (A$14.95 for Starter): a promotion on the real calendar must not change them.
  beforeEach(async () => {
    await server.context.database.db.delete(promotions);
    server.context.events.emit("promotions.changed", {});
  });

  const db = () => server.context.database.db;
  const setLimit = (member: Member, cents: number | null) =>
    server.request("/api/account/spending-limit", jsonRequest("PUT", { monthly_limit_cents: cents }, member.auth));
  const coolOff = (member: Member, days: number) =>
    server.request("/api/account/cool-off", jsonRequest("POST", { days }, member.auth));
  const paid = (payment: Purchase): SignedNotification => gatewayNotification(server, payment, "paid");
  const seen = async (member: Member, paymentId: string) =>
    (await (await server.request(`/api/payments/${paymentId}`, { headers: member.auth })).json()).data as {
      status: string;
      stopped_by: string | null;
    };

  /** Waits for the refund job to have asked the test gateway, which answers a `tgr_` reference. */
  async function refundAsked(paymentId: string) {
    await expect
      .poll(async () => (await paymentRow(server, paymentId)).refundReference ?? "", { timeout: 10_000, interval: 50 })
      .toMatch(/^tgr_/);
  }

  async function ledgerRows(paymentId: string) {
    return db()
      .select({ reason: creditLedger.reason, amount: creditLedger.amount })
      .from(creditLedger)
      .where(eq(creditLedger.reference, paymentReference(paymentId)));
  }

  async function refundJobs(paymentId: string) {
    return db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, SETTLEMENT_REFUND_JOB), sql`${jobs.payload}->>'paymentId' = ${paymentId}`));
  }

  async function gatewayRefundsAudited(paymentId: string) {
    return db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.refunded"), sql`${auditLog.metadata}->>'paymentId' = ${paymentId}`));
  }

  it("keeps one of two checkouts racing an A$20 limit (A$29.90 together) and refunds the other, telling the member", async () => {
    const member = await signedInMember(server);
    // Both opened before the limit, both still payable on the provider's page when the limit comes.
    const first = await startPurchase(server, member, "credits-100");
    const second = await startPurchase(server, member, "credits-100");
    expect((await setLimit(member, 2_000)).status).toBe(200);

    const answers = await Promise.all([deliver(server, paid(first)), deliver(server, paid(second))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

    const settled = await Promise.all([paymentRow(server, first.id), paymentRow(server, second.id)]);
    expect(settled.map((row) => row.status).sort()).toEqual(["paid", "refunded"]);
    const refunded = settled.find((row) => row.status === "refunded");
    if (!refunded) throw new Error("nothing refunded");
    expect(refunded.stoppedBy).toBe("monthly_limit");
    // Only the kept package's credits: the refunded one's were credited and taken back in one go.
    expect((await reloadUser(server, member.id))?.credits).toBe(100);
    expect((await ledgerRows(refunded.id)).map((row) => [row.reason, row.amount]).sort()).toEqual([
      ["payment_reversal", -100],
      ["purchase", 100],
    ]);

    await refundAsked(refunded.id);
    expect(await seen(member, refunded.id)).toMatchObject({ status: "refunded", stopped_by: "monthly_limit" });
    const letter = await waitForMail(server, member.email ?? "", { subject: /refunded/ });
    expect(letter.text).toContain("Your payment of A$14.95 for Starter has been refunded.");
    expect(letter.text).toContain(paymentStopMessages.refunded.monthly_limit);
    // The spending the member sees: only what was kept.
    const controls = await (await server.request("/api/account/spending-limit", { headers: member.auth })).json();
    expect(controls.data).toMatchObject({ spent_this_month_cents: 1_495, remaining_cents: 505 });
  });

  it("cancels the checkouts open when a cool-off starts, and refunds one the provider's page still took money for", async () => {
    const member = await signedInMember(server);
    const open = await startPurchase(server, member, "credits-100");
    const custom1 = new URL(
      (
        await server.request(`${new URL(open.checkoutUrl).pathname}${new URL(open.checkoutUrl).search}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "decision=pending",
          redirect: "manual",
        })
      ).headers.get("location") ?? "",
    ).searchParams.get("custom1");
    expect((await coolOff(member, 1)).status).toBe(200);

    const cancelled = await paymentRow(server, open.id);
    expect(cancelled).toMatchObject({ status: "failed", stoppedBy: "cool_off" });
    expect(cancelled.custom1UsedAt).not.toBeNull();
    // Its return link no longer signs in, even from the browser that began it.
    expect(
      (await server.request(`/api/payment/auth/${custom1}`, { headers: { Cookie: open.browserCookie } })).status,
    ).toBe(404);
    expect(await seen(member, open.id)).toMatchObject({ status: "failed", stopped_by: "cool_off" });

    // The page was still open on the provider's site, and the member paid there.
    expect((await deliver(server, paid(open))).status).toBe(200);
    expect(await paymentRow(server, open.id)).toMatchObject({ status: "refunded", stoppedBy: "cool_off" });
    expect((await reloadUser(server, member.id))?.credits).toBe(0);
    await refundAsked(open.id);
    const letter = await waitForMail(server, member.email ?? "", { subject: /refunded/ });
    expect(letter.text).toContain(paymentStopMessages.refunded.cool_off);
  });

  it("refunds a payment that arrives during a cool-off even if its checkout was never cancelled", async () => {
    const member = await signedInMember(server);
    const checkout = await startPurchase(server, member, "credits-100");
    expect((await coolOff(member, 1)).status).toBe(200);
    // As if the checkout had slipped past the cancelling (a race with the break starting).
    await db().update(payments).set({ status: "pending", stoppedBy: null }).where(eq(payments.id, checkout.id));
    expect((await deliver(server, paid(checkout))).status).toBe(200);
    expect(await paymentRow(server, checkout.id)).toMatchObject({ status: "refunded", stoppedBy: "cool_off" });
    await refundAsked(checkout.id);
  });

  it("refunds and credits nothing twice when the notification is replayed", async () => {
    const member = await signedInMember(server);
    const checkout = await startPurchase(server, member, "credits-100");
    expect((await setLimit(member, 1_000)).status).toBe(200);
    const notification = paid(checkout);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(server, notification)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // A second, different paid event for the same payment (a provider's duplicate with an id of its own).
    expect((await deliver(server, paid(checkout))).status).toBe(200);
    await refundAsked(checkout.id);
    await waitForJobsToSettle(server);

    expect(await paymentRow(server, checkout.id)).toMatchObject({ status: "refunded", stoppedBy: "monthly_limit" });
    expect((await ledgerRows(checkout.id)).map((row) => row.reason).sort()).toEqual(["payment_reversal", "purchase"]);
    expect(await refundJobs(checkout.id)).toHaveLength(1);
    expect(await gatewayRefundsAudited(checkout.id)).toHaveLength(1);
    expect((await reloadUser(server, member.id))?.credits).toBe(0);
    // The test gateway's own refund notification followed, and changed nothing.
    const events = await db()
      .select({ type: paymentEvents.type, outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, checkout.id));
    expect(events.filter((event) => event.outcome === "applied")).toEqual([{ type: "paid", outcome: "applied" }]);
    expect(events).toContainEqual({ type: "refunded", outcome: "ignored" });
    expect((await checkBooks(db())).problems).toEqual([]);
  });

  it("keeps a payment within the limit, and one paid before a break started", async () => {
    const member = await signedInMember(server);
    expect((await setLimit(member, 2_000)).status).toBe(200);
    const within = await startPurchase(server, member, "credits-100");
    expect((await deliver(server, paid(within))).status).toBe(200);
    expect(await paymentRow(server, within.id)).toMatchObject({ status: "paid", stoppedBy: null });
    expect((await coolOff(member, 1)).status).toBe(200);
    expect(await paymentRow(server, within.id)).toMatchObject({ status: "paid", stoppedBy: null });
    expect((await reloadUser(server, member.id))?.credits).toBe(100);
    expect(await refundJobs(within.id)).toHaveLength(0);
  });

  it("holds a pending checkout against the limit for as long as the test gateway's page takes money for it", async () => {
    expect(PENDING_HOLDS_MS).toBe(CHECKOUT_PAYABLE_MS);
    const member = await signedInMember(server);
    expect((await setLimit(member, 2_000)).status).toBe(200);
    // 50 minutes old: still payable, so still held.
    await insertPayment(server, member, {
      code: "credits-100",
      status: "pending",
      createdAt: new Date(Date.now() - 50 * 60_000),
    });
    const controls = await (await server.request("/api/account/spending-limit", { headers: member.auth })).json();
    expect(controls.data.remaining_cents).toBe(2_000 - 1_495);

    const gateway = new TestGateway(server.context.config, async () => {});
    const { checkoutUrl } = await gateway.createCheckout({
      paymentId: "00000000-0000-4000-8000-000000000000",
      amountCents: 1_495,
      currency: "AUD",
      description: "Starter",
      returnUrl: `${server.context.config.appUrl}/payment-status`,
    });
    const token = new URL(checkoutUrl).searchParams.get("session") ?? "";
    expect(gateway.openPayableSession(token, Date.now() + CHECKOUT_PAYABLE_MS - 1000)).toBeDefined();
    expect(gateway.openPayableSession(token, Date.now() + CHECKOUT_PAYABLE_MS + 1000)).toBeUndefined();
  });
});
