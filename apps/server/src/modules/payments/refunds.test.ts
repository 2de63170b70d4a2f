import { randomUUID } from "node:crypto";
import { adminPaymentMessages } from "@velvet/shared/api/admin-payments";
import { paymentMessages } from "@velvet/shared/api/payments";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { creditLedger } from "../../platform/db/schema/credits";
import { accountFlags, paymentEvents } from "../../platform/db/schema/payments";
import { jsonRequest, reloadUser, signedInMember, waitForJobsToSettle } from "../../test/factories";
import { deliver, gatewayNotification, packageIdOf, paymentRow, startPurchase } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { addCredits, findLedgerMismatches, paymentReference, spendCredits, takeBackCredits } from "../ledger";
import { checkBooks } from "./books-check";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The 500-credit package: 500 credits and its 75 bonus credits, one `purchase` row. */
const POPULAR_CREDITS = 575;

/** An admin's refunds, chargebacks' suspension of purchases, and clearing the flags they raise. */
describe("refunds and account flags in the admin console", () => {
  let server: TestServer;
  let admin: Member;

  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20", API_RATE_LIMIT: "100000" });
    admin = await signedInMember(server, { roles: ["admin"] });
  });
  afterAll(async () => {
    const report = await checkBooks(server.context.database.db);
    expect(report.problems).toEqual([]);
    await server.stop();
  });

  const db = () => server.context.database.db;
  const refund = (
    paymentId: string,
    reason: unknown = "Charged twice by mistake",
    auth: Record<string, string> = admin.auth,
  ) => server.request(`/api/admin/payments/${paymentId}/refund`, jsonRequest("POST", { reason }, auth));
  const detail = async (uuid: string) =>
    (await (await server.request(`/api/admin/members/${uuid}`, { headers: admin.auth })).json()).data;
  const resolve = (uuid: string, flagId: number, auth: Record<string, string> = admin.auth) =>
    server.request(`/api/admin/members/${uuid}/flags/${flagId}/resolve`, jsonRequest("POST", undefined, auth));
  const buy = async (member: Member, code = "credits-500") =>
    server.request("/api/payments", jsonRequest("POST", { package_id: await packageIdOf(server, code) }, member.auth));
  const ledgerOf = (paymentId: string) =>
    db()
      .select({ reason: creditLedger.reason, amount: creditLedger.amount })
      .from(creditLedger)
      .where(eq(creditLedger.reference, paymentReference(paymentId)))
      .orderBy(creditLedger.id);
  const auditsOf = (memberId: number, action: string) =>
    db()
      .select({ actorId: auditLog.actorId, metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, action)));

  async function paidPurchase(code = "credits-500") {
    const member = await signedInMember(server);
    const payment = await startPurchase(server, member, code);
    expect((await deliver(server, gatewayNotification(server, payment, "paid"))).status).toBe(200);
    return { member, payment };
  }

  it("lets only admins refund: a member and an operator get 403, a guest 401, and nothing changes", async () => {
    const { member, payment } = await paidPurchase();
    const operator = await signedInMember(server, { roles: ["operator"] });
    expect((await refund(payment.id, "Not mine to refund", member.auth)).status).toBe(403);
    expect((await refund(payment.id, "Not mine to refund", operator.auth)).status).toBe(403);
    expect((await refund(payment.id, "Not mine to refund", {})).status).toBe(401);
    expect((await paymentRow(server, payment.id)).status).toBe("paid");
    expect((await reloadUser(server, member.id))?.credits).toBe(POPULAR_CREDITS);
  });

  it("refunds a paid payment once: credits taken back, reference stored, the reason audited", async () => {
    const { member, payment } = await paidPurchase();
    const response = await refund(payment.id);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toMatchObject({ id: payment.id, status: "refunded", charged_back_at: null });
    expect(data.refund_reference).toMatch(/^tgr_/);
    expect(data.refunded_at).not.toBeNull();
    expect((await reloadUser(server, member.id))?.credits).toBe(0);

    // Asked again (a double click, a retry): the same answer, nothing refunded twice.
    const again = await refund(payment.id, "Asked again");
    expect(again.status).toBe(200);
    expect((await again.json()).data).toEqual(data);
    expect(await ledgerOf(payment.id)).toEqual([
      { reason: "purchase", amount: POPULAR_CREDITS },
      { reason: "payment_reversal", amount: -POPULAR_CREDITS },
    ]);
    expect(await auditsOf(member.id, "payment.refunded")).toEqual([
      {
        actorId: admin.id,
        metadata: {
          paymentId: payment.id,
          reason: "Charged twice by mistake",
          refundReference: data.refund_reference,
          gateway: "test",
        },
      },
    ]);

    // The test gateway also sends its refund notification; only one of the two reverses the credits.
    await waitForJobsToSettle(server);
    const events = await db()
      .select({ eventId: paymentEvents.eventId, type: paymentEvents.type, outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id))
      .orderBy(paymentEvents.id);
    expect(events.map(({ type, outcome }) => ({ type, outcome }))).toEqual([
      { type: "paid", outcome: "applied" },
      { type: "refunded", outcome: "applied" },
      { type: "refunded", outcome: "ignored" },
    ]);
    // The admin's own reversal and the gateway's notification race; whichever lands first applies, the other
    // is ignored, and both are recorded under their own ids.
    const refundEvents = events.filter((event) => event.type === "refunded").map((event) => event.eventId);
    expect(refundEvents).toContain(`refund:${payment.id}`);
    expect(new Set(refundEvents).size).toBe(2);
    expect(await ledgerOf(payment.id)).toHaveLength(2);
  });

  it("asks the gateway once when an admin double-submits", async () => {
    const { member, payment } = await paidPurchase();
    const responses = await Promise.all([refund(payment.id), refund(payment.id), refund(payment.id)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    await expect.poll(async () => (await paymentRow(server, payment.id)).status).toBe("refunded");
    expect(await auditsOf(member.id, "payment.refunded")).toHaveLength(1);
    expect(await ledgerOf(payment.id)).toHaveLength(2);
  });

  it("answers 422 for a payment that is not paid, 422 for a short reason, and 404 for an unknown one", async () => {
    const member = await signedInMember(server);
    const pending = await startPurchase(server, member, "credits-100");
    const notPaid = await refund(pending.id);
    expect(notPaid.status).toBe(422);
    expect((await notPaid.json()).message).toBe(adminPaymentMessages.notRefundable);

    const refunded = await paidPurchase();
    await deliver(server, gatewayNotification(server, refunded.payment, "refunded"));
    expect((await refund(refunded.payment.id)).status).toBe(422);

    const short = await refund(refunded.payment.id, "x");
    expect(short.status).toBe(422);
    expect(Object.keys((await short.json()).errors)).toEqual(["reason"]);
    expect((await refund(randomUUID())).status).toBe(404);
    expect((await paymentRow(server, pending.id)).status).toBe("pending");
  });

  it("ends the 24-hour pass the refunded payment bought", async () => {
    const { member, payment } = await paidPurchase("pass-24h");
    const me = async () =>
      (await (await server.request("/api/me", { method: "POST", headers: member.auth })).json()).data;
    expect((await me()).has_unli_message).toBe(true);
    expect((await refund(payment.id, "Pass bought by a child")).status).toBe(200);
    expect((await me()).has_unli_message).toBe(false);
  });

  it("shows refunded and charged-back payments with their state on the member page", async () => {
    const { member, payment } = await paidPurchase();
    const second = await startPurchase(server, member, "credits-100");
    await deliver(server, gatewayNotification(server, second, "paid"));
    await refund(payment.id);
    await deliver(server, gatewayNotification(server, second, "charged_back"));
    const { payments } = await detail(member.uuid);
    const byId = new Map(payments.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(payment.id)).toMatchObject({ status: "refunded", charged_back_at: null });
    expect(byId.get(second.id)).toMatchObject({ status: "charged_back", refund_reference: null, refunded_at: null });
    expect((byId.get(second.id) as { charged_back_at: string }).charged_back_at).toEqual(expect.any(String));
  });

  it("suspends purchases after a chargeback until an admin clears the flag, and audits the clearing", async () => {
    const { member, payment } = await paidPurchase();
    await deliver(server, gatewayNotification(server, payment, "charged_back"));
    const blocked = await buy(member);
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).message).toBe(paymentMessages.purchasesSuspended);

    const [flag] = (await detail(member.uuid)).account_flags;
    expect(flag).toMatchObject({ reason: "chargeback", payment_id: payment.id, credits_short: 0, resolved_at: null });
    // Only an admin clears it, and only on the member it belongs to.
    expect((await resolve(member.uuid, flag.id, member.auth)).status).toBe(403);
    expect((await resolve(admin.uuid, flag.id)).status).toBe(404);
    expect((await resolve(member.uuid, 999_999_999)).status).toBe(404);
    expect((await buy(member)).status).toBe(403);

    const cleared = await resolve(member.uuid, flag.id);
    expect(cleared.status).toBe(200);
    expect((await cleared.json()).data).toMatchObject({ id: flag.id, reason: "chargeback" });
    expect((await resolve(member.uuid, flag.id)).status).toBe(200);
    expect(await auditsOf(member.id, "account_flag.resolved")).toEqual([
      { actorId: admin.id, metadata: { flagId: flag.id, reason: "chargeback", paymentId: payment.id } },
    ]);
    expect((await detail(member.uuid)).account_flags).toEqual([]);
    expect((await buy(member)).status).toBe(201);
  });

  it("lists a refund's shortfall as a flag, which does not block purchases", async () => {
    const { member, payment } = await paidPurchase();
    const spent = await db().transaction((tx) =>
      spendCredits(tx, member.id, 500, "message", `test-spend:${payment.id}`),
    );
    expect(spent).toBe(POPULAR_CREDITS - 500);
    await refund(payment.id);
    expect((await detail(member.uuid)).account_flags).toMatchObject([
      { reason: "refund_shortfall", payment_id: payment.id, credits_short: 500 },
    ]);
    expect((await buy(member)).status).toBe(201);
  });
});

describe("ledger:check's proof of the books", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20" });
  });
  afterAll(() => server.stop());
  const db = () => server.context.database.db;

  it("passes clean books, and reports stray rows (a reversal nobody asked for, a payment that does not exist) and an unflagged chargeback", async () => {
    const member = await signedInMember(server);
    const paid = await startPurchase(server, member, "credits-500");
    await deliver(server, gatewayNotification(server, paid, "paid"));
    const chargedBack = await startPurchase(server, member, "credits-100");
    await deliver(server, gatewayNotification(server, chargedBack, "paid"));
    await deliver(server, gatewayNotification(server, chargedBack, "charged_back"));
    const clean = await checkBooks(db());
    expect(clean.problems).toEqual([]);
    expect(clean.passed).toHaveLength(3);

    // A reversal of a payment nobody refunded, written behind settlement's back (balance kept in step).
    await db().transaction((tx) => takeBackCredits(tx, member.id, 10, "payment_reversal", paymentReference(paid.id)));
    // A row naming a payment that does not exist.
    const ghost = randomUUID();
    await db().transaction((tx) => addCredits(tx, member, 5, "purchase", paymentReference(ghost)));
    // And the chargeback's flag gone.
    await db().delete(accountFlags).where(eq(accountFlags.paymentId, chargedBack.id));

    const broken = await checkBooks(db());
    expect(await findLedgerMismatches(db())).toEqual([]);
    expect(broken.problems).toHaveLength(3);
    expect(broken.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^payment ${paid.id} \\(paid, .*taken back 10 \\+ short 0 \\(0 expected\\).*1 reversal rows \\(0 expected\\)`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^payment ${chargedBack.id} \\(charged_back, .*charged back without its flag`),
        ),
        expect.stringMatching(new RegExp(`names payment:${ghost}, which wrote no such row$`)),
      ]),
    );
    expect(broken.passed).toEqual(["every balance equals the sum of its ledger rows"]);
  });
});
