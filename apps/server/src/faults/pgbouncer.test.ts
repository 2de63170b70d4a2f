import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../modules/ledger/ledger";
import { findPaymentMismatches } from "../modules/payments/payment-check";
import { messages } from "../platform/db/schema/conversations";
import { giveCredits, jsonRequest, reloadUser, signedInMember } from "../test/factories";
import { createFictionalProfile } from "../test/operator-factories";
import { deliver, gatewayNotification, startPurchase } from "../test/payment-factories";
import { startTestServer, type TestServer } from "../test/support";
import { usingServices } from "./fault-support";
import {
  type PrivatePgBouncer,
  type PrivatePostgres,
  startPrivatePgBouncer,
  startPrivatePostgres,
} from "./private-services";

/**
 * The app through PgBouncer 1.18 in transaction pooling mode (DATABASE_URL at PgBouncer,
 * DATABASE_DIRECT_URL at PostgreSQL, DATABASE_PREPARED_STATEMENTS=0). PgBouncer keeps only three server
 * connections, so the server's ten pooled clients keep landing on different ones: a named prepared statement,
 * a transaction that leaked across connections, or a migration lock taken through the pooler would show here.
 */
describe("through PgBouncer in transaction pooling mode", () => {
  let postgres: PrivatePostgres;
  let pgbouncer: PrivatePgBouncer;
  let server: TestServer;
  let restoreEnvironment: () => void;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    pgbouncer = await startPrivatePgBouncer(postgres.port);
    restoreEnvironment = usingServices({ databaseUrl: postgres.url });
    server = await startTestServer(
      { API_RATE_LIMIT: "1000000", MESSAGE_RATE_LIMIT: "1000000" },
      {
        // startTestServer made a fresh database on PostgreSQL: the app reaches it through PgBouncer, and only the
        // migrations' lock goes straight to PostgreSQL.
        adjustConfig: (config) => ({
          ...config,
          databaseUrl: pgbouncer.through(config.databaseUrl ?? ""),
          databaseDirectUrl: config.databaseUrl,
          databasePreparedStatements: false,
        }),
      },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop().catch(() => {});
    restoreEnvironment?.();
    await pgbouncer?.destroy();
    await postgres?.destroy();
  });

  it("stores exactly what members can pay for when they send at once, each message once", async () => {
    const profile = await createFictionalProfile(server);
    const senders = await Promise.all([1, 2, 3, 4].map(() => signedInMember(server)));
    for (const sender of senders) await giveCredits(server, sender, 3);
    const send = (sender: (typeof senders)[number], clientId: string) =>
      server.request(
        `/api/profiles/${profile.uuid}/messages`,
        jsonRequest("POST", { type: "text", text: `Hello ${clientId}`, client_id: clientId }, sender.auth),
      );
    // Ten sends from each member at once, with three credits each: three stored, seven refused with 402.
    const attempts = senders.flatMap((sender) =>
      Array.from({ length: 10 }, () => ({ sender, clientId: randomUUID() })),
    );
    const statuses = await Promise.all(
      attempts.map(async (attempt) => (await send(attempt.sender, attempt.clientId)).status),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(statuses.filter((status) => status !== 201 && status !== 402)).toEqual([]);
    // A retry of a stored message (same client_id) is the same message, never a second one or a second charge.
    const stored = attempts.filter((_attempt, index) => statuses[index] === 201);
    for (const attempt of stored.slice(0, 4))
      expect([200, 201]).toContain((await send(attempt.sender, attempt.clientId)).status);
    const { db } = server.context.database;
    for (const sender of senders) {
      const rows = await db.select({ id: messages.id }).from(messages).where(eq(messages.fromId, sender.id));
      expect(rows).toHaveLength(3);
      expect((await reloadUser(server, sender.id))?.credits).toBe(0);
    }
    expect(await findLedgerMismatches(db)).toEqual([]);
  }, 120_000);

  it("credits a payment once when its notification arrives ten times at once", async () => {
    const buyer = await signedInMember(server);
    const payment = await startPurchase(server, buyer, "credits-100");
    const paid = gatewayNotification(server, payment, "paid");
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(server, paid)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await reloadUser(server, buyer.id))?.credits).toBe(100);
    const { db } = server.context.database;
    expect(await findLedgerMismatches(db)).toEqual([]);
    expect(await findPaymentMismatches(db)).toEqual([]);
  }, 60_000);
});
