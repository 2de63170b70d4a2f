import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents } from "../../../platform/db/schema/payments";
import { realtimeOutbox } from "../../../platform/db/schema/realtime";
import { reloadUser, signedInMember } from "../../../test/factories";
import { paymentRow, startPurchase } from "../../../test/payment-factories";
import { startTestServer, type TestServer } from "../../../test/support";
import {
  signedTrustPayNotification,
  startTrustPaySimulator,
  type TrustPaySimulator,
} from "../../../test/trustpay-simulator";
import { findLedgerMismatches } from "../../ledger";
import { findPaymentMismatches } from "../payment-check";
import { TrustPayGateway } from "./trustpay-gateway";
import { findTrustPayPaymentId } from "./webhook";
import { referenceOf } from "./wire-format";

/** The 500-credit package: A$49.95 for 500 credits and 75 bonus credits. */
const POPULAR = "credits-500";
const POPULAR_CREDITS = 575;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 8_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("TrustPay card payments through the simulator (POST /api/payments/webhooks/trustpay)", () => {
  let simulator: TrustPaySimulator;
  let server: TestServer;
  let webhook: string;
  beforeAll(async () => {
    simulator = await startTrustPaySimulator({ retryMs: 30 });
    server = await startTestServer(simulator.env());
    webhook = `${server.url}/api/payments/webhooks/trustpay`;
    // As the notification URL registered in TrustPay's Merchant Portal (the test server's APP_URL has port 0).
    simulator.state.notificationUrl = webhook;
  });
  afterAll(async () => {
    // Whatever happened above, the books must balance.
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
    expect(await findPaymentMismatches(server.context.database.db)).toEqual([]);
    await server.stop();
    await simulator.stop();
  });

  const db = () => server.context.database.db;
  const balanceOf = async (userId: number) => (await reloadUser(server, userId))?.credits;
  const statusOf = async (paymentId: string) => (await paymentRow(server, paymentId)).status;
  const eventsOf = (paymentId: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
  const gateway = () =>
    new TrustPayGateway(server.context.config, {
      findTrustPayPaymentId: (paymentId) => findTrustPayPaymentId(server.context, paymentId),
    });

  async function purchase() {
    const member = await signedInMember(server);
    const payment = await startPurchase(server, member, POPULAR);
    return { member, payment, page: simulator.open(payment.checkoutUrl) };
  }
  async function paidPurchase() {
    const bought = await purchase();
    await simulator.decide(bought.payment.checkoutUrl, "approve");
    await until(async () => (await statusOf(bought.payment.id)) === "paid", "the paid notification");
    return bought;
  }
  function notificationFor(
    payment: { id: string },
    overrides: Partial<Parameters<typeof signedTrustPayNotification>[1]> = {},
    secret = simulator.secretKey,
  ) {
    return signedTrustPayNotification(secret, {
      indicator: "CRDT",
      status: "Paid",
      merchantReference: referenceOf(payment.id),
      amount: 49.95,
      currency: "AUD",
      ...overrides,
    });
  }

  it("sends the member to TrustPay's hosted page with a signed request, and back to /trustpay-status", async () => {
    const { payment, page } = await purchase();
    const checkout = new URL(payment.checkoutUrl);
    expect(`${checkout.origin}${checkout.pathname}`).toBe(`${simulator.url}/mapi5/Card/PayPopup`);
    expect(checkout.searchParams.get("AccountId")).toBe(simulator.projectId);
    expect(checkout.searchParams.get("Amount")).toBe("49.95");
    expect(checkout.searchParams.get("Currency")).toBe("AUD");
    expect(checkout.searchParams.get("PaymentType")).toBe("0");
    // The member types no card number on our site: the checkout carries no card field at all.
    expect([...checkout.searchParams.keys()].some((key) => /card|pan|cvv/i.test(key))).toBe(false);
    expect(page.reference).toBe(payment.gatewayReference);
    expect(checkout.searchParams.get("NotificationUrl")).toBe(
      `${server.context.config.apiUrl}/payments/webhooks/trustpay`,
    );
    const back = new URL(checkout.searchParams.get("ReturnUrl") ?? "");
    expect(back.pathname).toBe("/trustpay-status");
    expect(back.searchParams.get("payment")).toBe(payment.id);
    expect(back.searchParams.get("custom1")).toMatch(/.{20,}/);

    // A checkout URL whose amount was changed on the way is refused by TrustPay's signature check.
    checkout.searchParams.set("Amount", "0.01");
    expect(() => simulator.open(checkout.toString())).toThrow(/Invalid signature/);
  });

  it("credits an approved payment once, live, and returns the member with ResultCode 0", async () => {
    const { member, payment } = await purchase();
    const location = new URL(await simulator.decide(payment.checkoutUrl, "approve"));
    expect(location.pathname).toBe("/trustpay-status");
    expect(location.searchParams.get("ResultCode")).toBe("0");
    expect(location.searchParams.get("Reference")).toBe(payment.gatewayReference);
    expect(location.searchParams.get("PaymentRequestId")).toMatch(/^\d+$/);
    await until(async () => (await statusOf(payment.id)) === "paid", "the paid notification");
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
    const announced = await db()
      .select()
      .from(realtimeOutbox)
      .where(
        and(
          eq(realtimeOutbox.channel, realtimeChannels.credits(member.uuid)),
          eq(realtimeOutbox.event, realtimeEvents.creditsEarned),
        ),
      );
    expect(announced).toHaveLength(1);
  });

  it("marks a declined payment failed and credits nothing; a cancelled one stays pending", async () => {
    const declined = await purchase();
    const back = new URL(await simulator.decide(declined.payment.checkoutUrl, "decline"));
    expect(back.searchParams.get("ResultCode")).toBe("1014");
    await until(async () => (await statusOf(declined.payment.id)) === "failed", "the rejected notification");
    expect(await balanceOf(declined.member.id)).toBe(0);

    const cancelled = await purchase();
    const cancelledBack = new URL(await simulator.decide(cancelled.payment.checkoutUrl, "cancel"));
    expect(cancelledBack.searchParams.get("ResultCode")).toBe("1005");
    expect(await statusOf(cancelled.payment.id)).toBe("pending");
  });

  it("answers 400 to forged, tampered, unsigned and malformed notifications, logs them, and credits nothing", async () => {
    const { member, payment } = await purchase();
    const genuine = notificationFor(payment);
    const forged = notificationFor(payment, {}, "not-trustpays-secret");
    const tampered = genuine.replace('"Amount": 49.95', '"Amount": 4995');
    expect(tampered).not.toBe(genuine);
    const unsigned = JSON.stringify({ ...JSON.parse(genuine), Signature: undefined });
    for (const body of [forged, tampered, unsigned, "not json", "{}", '{"Signature": 5}']) {
      expect(await simulator.post(body, webhook)).toBe(400);
    }
    expect(await statusOf(payment.id)).toBe("pending");
    expect(await balanceOf(member.id)).toBe(0);
    expect(await eventsOf(payment.id)).toEqual([]);
    expect(server.logs.some((line) => line.includes("TrustPay notification refused"))).toBe(true);
    // The secret never reaches the logs.
    expect(server.logs.some((line) => line.includes(simulator.secretKey))).toBe(false);
  });

  it("answers 400 to a genuine notification for an unknown payment, a wrong amount or currency, or an unknown status", async () => {
    const { member, payment } = await purchase();
    const unknown = notificationFor({ id: "00000000-0000-4000-8000-000000000000" });
    expect(await simulator.post(unknown, webhook)).toBe(400);
    expect(server.logs.some((line) => line.includes("TrustPay notification for an unknown payment"))).toBe(true);
    const cheap = notificationFor(payment, { amount: 0.5 });
    // Its retries are refused as well, and recorded once.
    expect(await simulator.post(cheap, webhook)).toBe(400);
    expect(await simulator.post(cheap, webhook)).toBe(400);
    expect(await simulator.post(notificationFor(payment, { currency: "EUR" }), webhook)).toBe(400);
    const odd = notificationFor(payment, { status: "Refunded" });
    expect(await simulator.post(odd, webhook)).toBe(400);
    expect(await statusOf(payment.id)).toBe("pending");
    expect(await balanceOf(member.id)).toBe(0);
    expect((await eventsOf(payment.id)).map((event) => event.outcome)).toEqual(["rejected", "rejected"]);
  });

  it("credits once when TrustPay delivers the notification five times at once and it is replayed later", async () => {
    simulator.state.copies = 5;
    try {
      const { member, payment } = await paidPurchase();
      await until(
        async () => simulator.deliveries.filter((d) => d.body.includes(payment.gatewayReference ?? "?")).length >= 5,
        "five deliveries",
      );
      const replay = simulator.deliveries.find((d) => d.body.includes(payment.gatewayReference ?? "?"))?.body ?? "";
      expect(await simulator.post(replay, webhook)).toBe(200);
      expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
      expect(await eventsOf(payment.id)).toHaveLength(1);
    } finally {
      simulator.state.copies = 1;
    }
  });

  it("keeps retrying while the webhook is unreachable, then credits once", async () => {
    simulator.state.notificationUrl = "http://127.0.0.1:9/unreachable";
    try {
      const { member, payment } = await purchase();
      await simulator.decide(payment.checkoutUrl, "approve");
      await until(async () => simulator.deliveries.some((d) => d.status === "network-error"), "a failed attempt");
      expect(await statusOf(payment.id)).toBe("pending");
      simulator.state.notificationUrl = webhook;
      await until(async () => (await statusOf(payment.id)) === "paid", "a retried delivery");
      expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
    } finally {
      simulator.state.notificationUrl = webhook;
    }
  });

  it("settles out-of-order delivery: a chargeback overtaking its paid notification leaves the member even", async () => {
    simulator.state.hold = true;
    try {
      const { member, payment } = await purchase();
      await simulator.decide(payment.checkoutUrl, "approve");
      simulator.chargeback(payment.gatewayReference ?? "");
      expect(simulator.held).toHaveLength(2);
      simulator.release("reversed");
      await until(async () => (await eventsOf(payment.id)).length === 2, "both notifications");
      expect(await statusOf(payment.id)).not.toBe("paid");
      expect(await balanceOf(member.id)).toBe(0);
    } finally {
      simulator.state.hold = false;
    }
  });

  it("a late approval after a decline still credits (the money was taken), once", async () => {
    const { member, payment } = await purchase();
    expect(await simulator.post(notificationFor(payment, { status: "Rejected" }), webhook)).toBe(200);
    expect(await statusOf(payment.id)).toBe("failed");
    expect(await simulator.post(notificationFor(payment), webhook)).toBe(200);
    expect(await statusOf(payment.id)).toBe("paid");
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
  });

  it("takes the credits back on a chargeback notification", async () => {
    const { member, payment } = await paidPurchase();
    expect(await balanceOf(member.id)).toBe(POPULAR_CREDITS);
    simulator.chargeback(payment.gatewayReference ?? "");
    await until(async () => (await statusOf(payment.id)) !== "paid", "the chargeback");
    expect(await balanceOf(member.id)).toBe(0);
    const types = (await eventsOf(payment.id)).map((event) => [event.type, event.outcome]);
    expect(types).toEqual([
      ["paid", "applied"],
      ["charged_back", "applied"],
    ]);
  });

  it("refunds through TrustPay's card API, then applies its refund notification once", async () => {
    const { member, payment } = await paidPurchase();
    const request = {
      paymentId: payment.id,
      gatewayReference: payment.gatewayReference ?? "",
      amountCents: payment.priceCents,
      currency: payment.currency,
      reason: "member asked",
    };
    const answer = await gateway().refund(request);
    expect(answer.settled).toBe(true);
    expect(answer.refundReference).toMatch(/^\d+$/);
    await until(async () => (await statusOf(payment.id)) === "refunded", "the refund notification");
    expect(await balanceOf(member.id)).toBe(0);
    // Refunding again: TrustPay refuses, and so does the gateway.
    await expect(gateway().refund(request)).rejects.toThrow(/TrustPay refused the refund \(700\.400\.200/);
  });

  it("reports a pending refund as not yet settled, and refuses to refund a payment TrustPay has not confirmed", async () => {
    const { payment } = await paidPurchase();
    simulator.state.refundAnswer = "pending";
    try {
      const answer = await gateway().refund({
        paymentId: payment.id,
        gatewayReference: payment.gatewayReference ?? "",
        amountCents: payment.priceCents,
        currency: payment.currency,
        reason: "test",
      });
      expect(answer.settled).toBe(false);
    } finally {
      simulator.state.refundAnswer = "success";
    }
    const unpaid = await purchase();
    await expect(
      gateway().refund({
        paymentId: unpaid.payment.id,
        gatewayReference: unpaid.payment.gatewayReference ?? "",
        amountCents: unpaid.payment.priceCents,
        currency: unpaid.payment.currency,
        reason: "test",
      }),
    ).rejects.toThrow(/not confirmed/);
  });

  it("refuses a refund when the API key is wrong, without changing the payment", async () => {
    const { payment } = await paidPurchase();
    const wrongKey = new TrustPayGateway(
      {
        ...server.context.config,
        payments: {
          ...server.context.config.payments,
          trustpay: { ...server.context.config.payments.trustpay, apiKey: "wrong" },
        },
      },
      { findTrustPayPaymentId: (paymentId) => findTrustPayPaymentId(server.context, paymentId) },
    );
    await expect(
      wrongKey.refund({
        paymentId: payment.id,
        gatewayReference: payment.gatewayReference ?? "",
        amountCents: payment.priceCents,
        currency: payment.currency,
        reason: "test",
      }),
    ).rejects.toThrow(/did not answer/);
    expect(await statusOf(payment.id)).toBe("paid");
  });
});
