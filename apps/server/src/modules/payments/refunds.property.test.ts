import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, reloadUser, signedInMember } from "../../test/factories";
import {
  deliver,
  gatewayNotification,
  packageIdOf,
  paymentRow,
  type SignedNotification,
} from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { spendCredits } from "../ledger";
import { checkBooks } from "./books-check";

type Notice = "paid" | "failed" | "refunded" | "charged_back";
type Step =
  | { kind: "buy"; code: string }
  | { kind: "notify"; type: Notice; of: number }
  | { kind: "replay"; of: number }
  | { kind: "adminRefund"; of: number }
  | { kind: "send"; price: number }
  | { kind: "clearFlags" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("buy" as const),
      code: fc.constantFrom("credits-100", "credits-500", "pass-24h", "vip-30d"),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("notify" as const),
      type: fc.constantFrom<Notice>("paid", "paid", "failed", "refunded", "charged_back"),
      of: fc.nat({ max: 9 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("replay" as const), of: fc.nat({ max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("adminRefund" as const), of: fc.nat({ max: 9 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("send" as const), price: fc.integer({ min: 1, max: 400 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clearFlags" as const) }) },
);

type Status = "pending" | "paid" | "failed" | "refunded" | "charged_back";
interface ModelPayment {
  row: Awaited<ReturnType<typeof paymentRow>>;
  owed: number;
  status: Status;
  adminRefunded: boolean;
}

/**
 * Whatever mix of purchases, notifications (repeated, out of order), admin refunds,
 * chargebacks and spending happens, the balance follows a simple model (credit once, take back once, never
 * below 0), purchases stop while a chargeback is open, and ledger:check finds nothing afterwards.
 */
describe("refunds and chargebacks in the ledger (property-based)", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20", API_RATE_LIMIT: "100000" });
    admin = await signedInMember(server, { roles: ["admin"] });
  });
  afterAll(() => server.stop());

  it("keeps the books right through any sequence of purchases, refunds, chargebacks and sends", async () => {
    const db = server.context.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const member = await signedInMember(server);
        const bought: ModelPayment[] = [];
        const delivered: SignedNotification[] = [];
        let balance = 0;
        let suspended = false;

        /** What settlement does to a payment's balance when it is taken back (credited first if it never was). */
        const takeBack = (payment: ModelPayment, status: "refunded" | "charged_back") => {
          if (payment.status !== "paid") balance += payment.owed;
          balance -= Math.min(balance, payment.owed);
          payment.status = status;
        };

        for (const current of steps) {
          const payment = "of" in current && bought.length > 0 ? bought[current.of % bought.length] : undefined;
          if (current.kind === "buy") {
            const body = { package_id: await packageIdOf(server, current.code) };
            const response = await server.request("/api/payments", jsonRequest("POST", body, member.auth));
            expect(response.status).toBe(suspended ? 403 : 201);
            if (response.status === 201) {
              const row = await paymentRow(server, (await response.json()).data.id);
              const owed = row.credits + row.promoBonusCredits + row.vipBonusCredits;
              bought.push({ row, owed, status: "pending", adminRefunded: false });
            }
          } else if (current.kind === "notify" && payment) {
            const notification = gatewayNotification(server, payment.row, current.type);
            expect((await deliver(server, notification)).status).toBe(200);
            delivered.push(notification);
            const settledBack = payment.status === "refunded" || payment.status === "charged_back";
            if (current.type === "paid" && (payment.status === "pending" || payment.status === "failed")) {
              balance += payment.owed;
              payment.status = "paid";
            } else if (current.type === "failed" && payment.status === "pending") {
              payment.status = "failed";
            } else if ((current.type === "refunded" || current.type === "charged_back") && !settledBack) {
              takeBack(payment, current.type);
              if (current.type === "charged_back") suspended = true;
            }
          } else if (current.kind === "replay" && delivered.length > 0) {
            // The same event again (same id and bytes): a no-op however it lands.
            const again = delivered[current.of % delivered.length] as SignedNotification;
            expect((await deliver(server, again)).status).toBe(200);
          } else if (current.kind === "adminRefund" && payment) {
            const response = await server.request(
              `/api/admin/payments/${payment.row.id}/refund`,
              jsonRequest("POST", { reason: "Property run" }, admin.auth),
            );
            if (payment.adminRefunded) {
              expect(response.status).toBe(200);
            } else if (payment.status === "paid") {
              expect(response.status).toBe(200);
              payment.adminRefunded = true;
              takeBack(payment, "refunded");
            } else {
              expect(response.status).toBe(422);
            }
          } else if (current.kind === "send") {
            const spent = await db.transaction((tx) =>
              spendCredits(tx, member.id, current.price, "message", `property-send:${randomUUID()}`),
            );
            if (balance >= current.price) {
              balance -= current.price;
              expect(spent).toBe(balance);
            } else {
              expect(spent).toBeNull();
            }
          } else if (current.kind === "clearFlags") {
            const detail = await server.request(`/api/admin/members/${member.uuid}`, { headers: admin.auth });
            for (const flag of (await detail.json()).data.account_flags as Array<{ id: number }>) {
              const cleared = await server.request(
                `/api/admin/members/${member.uuid}/flags/${flag.id}/resolve`,
                jsonRequest("POST", undefined, admin.auth),
              );
              expect(cleared.status).toBe(200);
            }
            suspended = false;
          }
          const credits = (await reloadUser(server, member.id))?.credits;
          expect(credits).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        for (const payment of bought) expect((await paymentRow(server, payment.row.id)).status).toBe(payment.status);
        // This run's member only, so a shrunk counterexample is about its own steps (the whole book is checked last).
        const own = new RegExp(`#${member.id}\\b`);
        expect((await checkBooks(db)).problems.filter((line) => own.test(line))).toEqual([]);
      }),
      { numRuns: 25 },
    );
    expect((await checkBooks(db)).problems).toEqual([]);
  }, 240_000);
});
