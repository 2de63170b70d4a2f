import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { createMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { addCredits, findLedgerMismatches, spendCredits } from "./ledger";

type Step =
  | { kind: "purchase"; amount: number; reference: number }
  | { kind: "send"; price: number }
  | { kind: "refund"; of: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  // A small reference range makes repeated payment notifications (same reference) common.
  fc.record({
    kind: fc.constant("purchase" as const),
    amount: fc.integer({ min: 1, max: 50 }),
    reference: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant("send" as const), price: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant("refund" as const), of: fc.nat({ max: 20 }) }),
);

describe("the credit ledger (property-based)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("keeps balance == sum(ledger) and balance >= 0 through any sequence of purchases, sends and refunds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { db } = server.context.database;
        const member = await createMember(server);
        const run = randomUUID();
        let expected = 0;
        const paid: Array<{ reference: string; price: number }> = [];
        const credited = new Set<number>();
        for (const current of steps) {
          if (current.kind === "purchase") {
            const balance = await db.transaction((tx) =>
              addCredits(tx, member, current.amount, "purchase", `${run}:payment:${current.reference}`),
            );
            if (credited.has(current.reference)) {
              expect(balance).toBeNull();
            } else {
              credited.add(current.reference);
              expected += current.amount;
              expect(balance).toBe(expected);
            }
          } else if (current.kind === "send") {
            const reference = `${run}:message:${paid.length}:${randomUUID()}`;
            const balance = await db.transaction((tx) =>
              spendCredits(tx, member.id, current.price, "message", reference),
            );
            if (expected >= current.price) {
              expected -= current.price;
              expect(balance).toBe(expected);
              paid.push({ reference, price: current.price });
            } else {
              expect(balance).toBeNull();
            }
          } else {
            const target = paid[current.of % Math.max(1, paid.length)];
            if (!target) continue;
            const balance = await db.transaction((tx) =>
              addCredits(tx, member, target.price, "refund", `refund:${target.reference}`),
            );
            // A refund, like a payment, counts once however often it is asked for.
            if (balance !== null) expected += target.price;
          }
          const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, member.id));
          expect(row?.credits).toBe(expected);
          expect(expected).toBeGreaterThanOrEqual(0);
        }
        const rows = await db.select().from(creditLedger).where(eq(creditLedger.userId, member.id));
        expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(expected);
        // Each row records the balance right after it, so the ledger reads as a statement.
        let running = 0;
        for (const row of rows.sort((x, y) => x.id - y.id)) {
          running += row.amount;
          expect(row.balanceAfter).toBe(running);
        }
      }),
      { numRuns: 40 },
    );
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
  }, 120_000);

  it("refuses to take a balance below zero even when asked directly (check constraint)", async () => {
    const member = await createMember(server);
    await expect(
      server.context.database.db.update(users).set({ credits: -1 }).where(eq(users.id, member.id)),
    ).rejects.toThrow();
  });
});
