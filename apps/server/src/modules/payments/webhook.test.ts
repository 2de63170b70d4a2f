import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { creditLedger } from "../../platform/db/schema/credits";
import { accountFlags, paymentEvents } from "../../platform/db/schema/payments";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { reloadUser, signedInMember } from "../../test/factories";
import { deliver, gatewayNotification, paymentRow, startPurchase } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { findLedgerMismatches, paymentReference, spendCredits } from "../ledger";
import { findPaymentMismatches } from "./payment-check";

/** The 500-credit package: 500 credits and its 75 bonus credits, one `purchase` row. */
const POPULAR = "credits-500";
const POPULAR_CREDITS = 575;

describe("payment notifications at POST /api/payments/webhooks/test", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20" });
  });
  afterAll(async () => {
    // Whatever happened above, the books must balance: every paid payment credited once, every refund taken back once.
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
    expect(await findPaymentMismatches(server.context.database.db)).toEqual([]);
    await server.stop();
  });

  const db = () => server.context.database.db;
  const balanceOf = async (userId: number) => (await reloadUser(server, userId))?.credits;
  const ledgerOf = (paymentId: string) =>
    db()
      .select({ reason: creditLedger.reason, amount: creditLedger.amount })
      .from(creditLedger)
      .where(eq(creditLedger.reference, paymentReference(paymentId)))
      .orderBy(creditLedger.id);
  const statusOf = async (paymentId: string) => (await paymentRow(server, paymentId)).status;

  async function purchase(code = POPULAR) {
    const member = await signedInMember(server);
    return { member, payment: await startPurchase(server, member, code) };
  }

  it("answers 400 to a bad signature, a stale timestamp and a re-serialized body, and credits nothing", async () => {
    const { member, payment } = await purchase();
    const forged = gatewayNotification(server, payment, "paid", { secret: "not-the-gateway-secret" });
    const stale = gatewayNotification(server, payment, "paid", { signedAt: new Date(Date.now() - 301_000) });
    const genuine = gatewayNotification(server, payment, "paid");
    const reserialized = { ...genuine, body: JSON.stringify(JSON.parse(genuine.body)) };
    expect(reserialized.body).not.toBe(genuine.body);
    const unsigned = { body: genuine.body, headers: { "Content-Type": "application/json" } };

    for (const attempt of [forged, stale, reserialized, unsigned]) {
      const response = await deliver(server, attempt);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid signature." });
    }
    expect(await statusOf(payment.id)).toBe("pending");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(payment.id)).toEqual([]);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toEqual([]);
  });

  it("accepts a signature made within the last 300 seconds", async () => {
    const { member, payment } = await purchase();
    const recent = gatewayNotification(server, payment, "paid", { signedAt: new Date(Date.now() - 290_000) });
    expect((await deliver(server, recent)).status).toBe(200);
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
  });

  it("credits the same paid notification delivered 10 times at once exactly once, and tells the member once", async () => {
    const { member, payment } = await purchase();
    const paid = gatewayNotification(server, payment, "paid");
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(server, paid)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await statusOf(payment.id)).toBe("paid");
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
    expect(await ledgerOf(payment.id)).toEqual([{ reason: "purchase", amount: POPULAR_CREDITS }]);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(1);
    const announced = await db()
      .select()
      .from(realtimeOutbox)
      .where(
        and(
          eq(realtimeOutbox.channel, realtimeChannels.credits(member.uuid)),
          eq(realtimeOutbox.event, realtimeEvents.creditsEarned),
        ),
      );
    expect(announced.map((row) => row.payload)).toEqual([{ credits: POPULAR_CREDITS, balance: POPULAR_CREDITS }]);
  });

  it("credits once when the paid notification comes again one by one, or under another event id", async () => {
    const { member, payment } = await purchase();
    const paid = gatewayNotification(server, payment, "paid");
    for (let attempt = 0; attempt < 3; attempt++) expect((await deliver(server, paid)).status).toBe(200);
    expect((await deliver(server, gatewayNotification(server, payment, "paid"))).status).toBe(200);
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
    expect(await ledgerOf(payment.id)).toHaveLength(1);
    const outcomes = await db()
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id))
      .orderBy(paymentEvents.id);
    expect(outcomes.map((row) => row.outcome)).toEqual(["applied", "ignored"]);
  });

  it("credits nothing for a declined payment", async () => {
    const { member, payment } = await purchase();
    expect((await deliver(server, gatewayNotification(server, payment, "failed"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("failed");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(payment.id)).toEqual([]);
    const seen = await server.request(`/api/payments/${payment.id}`, { headers: member.auth });
    expect((await seen.json()).data.status).toBe("failed");
  });

  it("keeps a pending payment pending, then credits it once when paid", async () => {
    const { member, payment } = await purchase();
    expect((await deliver(server, gatewayNotification(server, payment, "pending"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("pending");
    expect(await balanceOf(member.id)).toBe(0);
    expect((await deliver(server, gatewayNotification(server, payment, "paid"))).status).toBe(200);
    expect((await deliver(server, gatewayNotification(server, payment, "pending"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("paid");
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
  });

  it("ignores a late decline of a paid payment, and credits a late success after a decline", async () => {
    const first = await purchase();
    await deliver(server, gatewayNotification(server, first.payment, "paid"));
    await deliver(server, gatewayNotification(server, first.payment, "failed"));
    expect(await statusOf(first.payment.id)).toBe("paid");
    expect(await balanceOf(first.member.id)).toBe(POPULAR_CREDITS);

    // The money was taken after all: the member gets what they paid for.
    const second = await purchase();
    await deliver(server, gatewayNotification(server, second.payment, "failed"));
    await deliver(server, gatewayNotification(server, second.payment, "paid"));
    expect(await statusOf(second.payment.id)).toBe("paid");
    expect(await balanceOf(second.member.id)).toBe(POPULAR_CREDITS);
  });

  it("takes the credits back on a refund after paid, and stays refunded when paid comes again", async () => {
    const { member, payment } = await purchase();
    await deliver(server, gatewayNotification(server, payment, "paid"));
    expect((await deliver(server, gatewayNotification(server, payment, "refunded"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
    await deliver(server, gatewayNotification(server, payment, "paid"));
    await deliver(server, gatewayNotification(server, payment, "refunded"));
    expect(await statusOf(payment.id)).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(payment.id)).toEqual([
      { reason: "purchase", amount: POPULAR_CREDITS },
      { reason: "payment_reversal", amount: -POPULAR_CREDITS },
    ]);
  });

  it("settles a refund that overtakes its paid notification, and the late paid changes nothing", async () => {
    const { member, payment } = await purchase();
    expect((await deliver(server, gatewayNotification(server, payment, "refunded"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
    expect((await deliver(server, gatewayNotification(server, payment, "paid"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
    // Credited once and taken back once, so the statement still shows what happened.
    expect(await ledgerOf(payment.id)).toEqual([
      { reason: "purchase", amount: POPULAR_CREDITS },
      { reason: "payment_reversal", amount: -POPULAR_CREDITS },
    ]);
    const told = await db()
      .select()
      .from(realtimeOutbox)
      .where(eq(realtimeOutbox.channel, realtimeChannels.credits(member.uuid)));
    expect(told).toEqual([]);
  });

  it("takes back what the balance holds when credits were spent, and flags the account for the rest", async () => {
    const { member, payment } = await purchase();
    await deliver(server, gatewayNotification(server, payment, "paid"));
    await db().transaction((tx) => spendCredits(tx, member.id, 500, "message", `test-spend:${payment.id}`));
    await deliver(server, gatewayNotification(server, payment, "refunded"));
    expect(await statusOf(payment.id)).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(payment.id)).toEqual([
      { reason: "purchase", amount: POPULAR_CREDITS },
      { reason: "payment_reversal", amount: -(POPULAR_CREDITS - 500) },
    ]);
    const flags = await db().select().from(accountFlags).where(eq(accountFlags.paymentId, payment.id));
    expect(flags).toMatchObject([{ userId: member.id, reason: "refund_shortfall", creditsShort: 500 }]);
  });

  const flagsOf = (paymentId: string) =>
    db()
      .select({ reason: accountFlags.reason, creditsShort: accountFlags.creditsShort })
      .from(accountFlags)
      .where(eq(accountFlags.paymentId, paymentId))
      .orderBy(accountFlags.id);

  it("takes the credits back on a chargeback after paid, flags the account, and applies it once", async () => {
    const { member, payment } = await purchase();
    await deliver(server, gatewayNotification(server, payment, "paid"));
    const chargeback = gatewayNotification(server, payment, "charged_back");
    expect(JSON.parse(chargeback.body).type).toBe("payment.chargeback");
    expect((await deliver(server, chargeback)).status).toBe(200);
    expect((await deliver(server, chargeback)).status).toBe(200);
    const row = await paymentRow(server, payment.id);
    expect(row).toMatchObject({ status: "charged_back", refundedAt: null });
    expect(row.chargedBackAt).toBeInstanceOf(Date);
    expect(await balanceOf(member.id)).toBe(0);
    // Another chargeback or a refund after it finds the money already taken back.
    await deliver(server, gatewayNotification(server, payment, "charged_back"));
    await deliver(server, gatewayNotification(server, payment, "refunded"));
    await deliver(server, gatewayNotification(server, payment, "paid"));
    expect(await statusOf(payment.id)).toBe("charged_back");
    expect(await ledgerOf(payment.id)).toEqual([
      { reason: "purchase", amount: POPULAR_CREDITS },
      { reason: "payment_reversal", amount: -POPULAR_CREDITS },
    ]);
    expect(await flagsOf(payment.id)).toEqual([{ reason: "chargeback", creditsShort: 0 }]);
    const audits = await db()
      .select({ action: auditLog.action, metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.id), eq(auditLog.action, "payment.charged_back")));
    expect(audits).toEqual([{ action: "payment.charged_back", metadata: { paymentId: payment.id } }]);
  });

  it("settles a chargeback that overtakes its paid notification, and the late paid changes nothing", async () => {
    const { member, payment } = await purchase();
    expect((await deliver(server, gatewayNotification(server, payment, "charged_back"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("charged_back");
    await deliver(server, gatewayNotification(server, payment, "paid"));
    expect(await statusOf(payment.id)).toBe("charged_back");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(payment.id)).toEqual([
      { reason: "purchase", amount: POPULAR_CREDITS },
      { reason: "payment_reversal", amount: -POPULAR_CREDITS },
    ]);
  });

  it("takes nothing more back for a chargeback of a refunded payment, and raises no chargeback flag", async () => {
    const { member, payment } = await purchase();
    await deliver(server, gatewayNotification(server, payment, "paid"));
    await deliver(server, gatewayNotification(server, payment, "refunded"));
    expect((await deliver(server, gatewayNotification(server, payment, "charged_back"))).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await ledgerOf(payment.id)).toHaveLength(2);
    expect(await flagsOf(payment.id)).toEqual([]);
    const outcomes = await db()
      .select({ type: paymentEvents.type, outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id))
      .orderBy(paymentEvents.id);
    expect(outcomes.at(-1)).toEqual({ type: "charged_back", outcome: "ignored" });
  });

  it("records a chargeback's shortfall when credits were spent, next to the chargeback flag", async () => {
    const { member, payment } = await purchase();
    await deliver(server, gatewayNotification(server, payment, "paid"));
    await db().transaction((tx) => spendCredits(tx, member.id, 575, "message", `test-spend:${payment.id}`));
    await deliver(server, gatewayNotification(server, payment, "charged_back"));
    expect(await statusOf(payment.id)).toBe("charged_back");
    expect(await balanceOf(member.id)).toBe(0);
    // Nothing was left to take: no reversal row, the whole amount is the recorded shortfall.
    expect(await ledgerOf(payment.id)).toEqual([{ reason: "purchase", amount: POPULAR_CREDITS }]);
    expect(await flagsOf(payment.id)).toEqual([
      { reason: "refund_shortfall", creditsShort: POPULAR_CREDITS },
      { reason: "chargeback", creditsShort: 0 },
    ]);
  });

  it("does not apply a notification that disagrees with its payment's amount", async () => {
    const { member, payment } = await purchase();
    const cheap = gatewayNotification(server, payment, "paid", { amountCents: 1 });
    expect((await deliver(server, cheap)).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("pending");
    expect(await balanceOf(member.id)).toBe(0);
    const [event] = await db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(event?.outcome).toBe("rejected");
  });

  it("acknowledges a genuine notification for a payment it does not know, and changes nothing", async () => {
    const ghost = {
      id: "00000000-0000-4000-8000-000000000001",
      priceCents: 100,
      currency: "AUD",
      gatewayReference: "tg_ghost",
    };
    const response = await deliver(server, gatewayNotification(server, ghost, "paid"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it("answers 404 on a webhook of a gateway that is not configured", async () => {
    const { payment } = await purchase();
    expect((await deliver(server, gatewayNotification(server, payment, "paid"), "trustpay")).status).toBe(404);
  });
});
