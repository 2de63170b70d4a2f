import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../modules/ledger/ledger";
import { findPaymentMismatches } from "../modules/payments/payment-check";
import { messages } from "../platform/db/schema/conversations";
import { creditLedger } from "../platform/db/schema/credits";
import { giveCredits, jsonRequest, reloadUser, signedInMember } from "../test/factories";
import { createFictionalProfile } from "../test/operator-factories";
import { deliver, gatewayNotification, startPurchase } from "../test/payment-factories";
import { startTestServer, type TestServer } from "../test/support";
import { usingServices, waitUntil } from "./fault-support";
import { type PrivatePostgres, startPrivatePostgres } from "./private-services";

/**
 * PostgreSQL restarted while members send messages and a payment
 * notification arrives. No request may answer success without a commit; a
 * retry with the same client_id or event id succeeds once; the ledger checks
 * out afterwards; and the running server recovers by itself.
 */
describe("a PostgreSQL restart under load", () => {
  let postgres: PrivatePostgres;
  let server: TestServer;
  let restoreEnvironment: () => void;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    restoreEnvironment = usingServices({ databaseUrl: postgres.url });
    server = await startTestServer({ API_RATE_LIMIT: "1000000", MESSAGE_RATE_LIMIT: "1000000" });
  });
  afterAll(async () => {
    await server?.stop().catch(() => {});
    restoreEnvironment?.();
    await postgres?.destroy();
  });

  it("commits or refuses every request, credits the payment once, and recovers without a restart", async () => {
    const profile = await createFictionalProfile(server);
    const senders = await Promise.all([1, 2, 3].map(() => signedInMember(server)));
    for (const sender of senders) await giveCredits(server, sender, 5000);
    const buyer = await signedInMember(server);
    const payment = await startPurchase(server, buyer, "credits-100");
    const paid = gatewayNotification(server, payment, "paid");

    const attempts: Array<{ sender: (typeof senders)[number]; clientId: string; status: number }> = [];
    const send = async (sender: (typeof senders)[number], clientId: string) => {
      try {
        const response = await server.request(
          `/api/profiles/${profile.uuid}/messages`,
          jsonRequest("POST", { type: "text", text: `Hello ${clientId}`, client_id: clientId }, sender.auth),
        );
        const body = (await response.json()) as { message?: string };
        if (response.status >= 500) expect(body.message).toBeTypeOf("string");
        return response.status;
      } catch {
        return -1;
      }
    };
    let sending = true;
    const loops = senders.map(async (sender) => {
      while (sending) {
        const clientId = randomUUID();
        attempts.push({ sender, clientId, status: await send(sender, clientId) });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 600));
    const restart = postgres.restart(3_000);
    // While the database is down the gateway's notification cannot be recorded: it must not be told 200.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const duringOutage = await deliver(server, paid);
    expect(duringOutage.status).toBe(503);
    expect(duringOutage.headers.get("retry-after")).toBe("5");
    const health = (await (await server.request("/api/health")).json()) as { status: string };
    expect(health.status).toBe("degraded");
    await restart;

    // The same process serves again once the database is back: no restart of the app.
    await waitUntil(async () => {
      const response = await server.request("/api/health");
      return response.status === 200 && ((await response.json()) as { status: string }).status === "ok";
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    sending = false;
    await Promise.all(loops);

    const refused = attempts.filter((attempt) => attempt.status !== 201);
    expect(attempts.filter((attempt) => attempt.status === 201).length).toBeGreaterThan(0);
    // The outage was seen (otherwise this test proved nothing), and only as 503, never as a 500.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((attempt) => attempt.status !== 503).map((attempt) => attempt.status)).toEqual([]);

    // The gateway retries with the same event id: credited once, however often it arrives.
    expect((await deliver(server, paid)).status).toBe(200);
    expect((await deliver(server, paid)).status).toBe(200);
    expect((await reloadUser(server, buyer.id))?.credits).toBe(100);

    // Every client retries what failed, with the same client_id, and one retry of a success for good measure.
    for (const attempt of refused) expect(await send(attempt.sender, attempt.clientId)).toBe(201);
    const committed = attempts.find((attempt) => attempt.status === 201);
    if (committed) expect([200, 201]).toContain(await send(committed.sender, committed.clientId));
    const { db } = server.context.database;
    for (const attempt of attempts) {
      const stored = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.fromId, attempt.sender.id), eq(messages.clientId, attempt.clientId)));
      expect(stored).toHaveLength(1);
      // Charged exactly once for the one stored message, however many times it was sent.
      const charges = await db
        .select({ amount: creditLedger.amount })
        .from(creditLedger)
        .where(eq(creditLedger.reference, `message:${stored[0]?.id}`));
      expect(charges).toHaveLength(1);
    }
    expect(await findLedgerMismatches(db)).toEqual([]);
    expect(await findPaymentMismatches(db)).toEqual([]);
  }, 180_000);
});
