import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { apiHeaders } from "@velvet/shared/api/headers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../platform/db/client";
import { creditLedger, creditPackages } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { paymentEvents, payments } from "../../platform/db/schema/payments";
import { createFreshPostgresDatabase } from "../../test/databases";
import { memberSignedInOn } from "../../test/process-members";
import { type ServerProcess, startServerProcess } from "../../test/server-process";
import { findLedgerMismatches, paymentReference } from "../ledger";
import { findPaymentMismatches } from "./payment-check";
import { signatureHeader } from "./signature";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SITE_KEY = "payment-race-site-key";
const WEBHOOK_SECRET = "payment-race-webhook-secret-0123456789abcdef";

/**
 * Real concurrency needs PostgreSQL (the embedded database runs one statement
 * at a time; webhook.test.ts covers the same rules there): two server
 * processes share one fresh database, and deliveries are split between them.
 */
describe.runIf(process.env.DATABASE_URL)("payment notifications under concurrency, on PostgreSQL", () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let processA: ServerProcess;
  let processB: ServerProcess;

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(process.env.DATABASE_URL ?? "", "payrace");
    const env = {
      DATABASE_URL: database.url,
      SITE_KEYS: SITE_KEY,
      API_RATE_LIMIT: "10000",
      APP_URL: "http://localhost:3998",
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    };
    [processA, processB] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([processA?.stop(), processB?.stop()]);
    await db?.close();
    await database?.drop();
  });

  async function pendingPayment(
    code = "credits-1000",
    buyer?: Awaited<ReturnType<typeof memberSignedInOn>>,
  ): Promise<{ member: Awaited<ReturnType<typeof memberSignedInOn>>; payment: typeof payments.$inferSelect }> {
    const member = buyer ?? (await memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "payrace" }));
    const headers = { "Content-Type": "application/json", [apiHeaders.siteKey]: SITE_KEY };
    const [item] = await db.db.select().from(creditPackages).where(eq(creditPackages.code, code));
    const created = await fetch(`${processB.url}/api/payments`, {
      method: "POST",
      headers: { ...headers, Authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ package_id: item?.id }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    const [payment] = await db.db.select().from(payments).where(eq(payments.id, data.id));
    if (!payment) throw new Error("payment not stored");
    return { member, payment };
  }

  function notification(payment: typeof payments.$inferSelect, type: "paid" | "refunded") {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: `payment.${type}`,
      created: Math.floor(Date.now() / 1000),
      data: {
        payment_id: payment.id,
        reference: payment.gatewayReference,
        amount: payment.priceCents,
        currency: payment.currency,
      },
    });
    return { body, signature: signatureHeader(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) };
  }

  const deliver = (via: ServerProcess, signed: { body: string; signature: string }) =>
    fetch(`${via.url}/api/payments/webhooks/test`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Signature": signed.signature },
      body: signed.body,
    });

  const balanceOf = async (id: number) =>
    (await db.db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]?.credits;

  it("credits the same paid notification delivered 10 times at once, through two processes, exactly once", async () => {
    const { member, payment } = await pendingPayment();
    const paid = notification(payment, "paid");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => deliver(index % 2 === 0 ? processA : processB, paid)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(member.id)).toBe(1200);
    const rows = await db.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, paymentReference(payment.id)));
    expect(rows).toHaveLength(1);
    expect(await db.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id))).toHaveLength(1);
  });

  it("ends even when paid and refunded notifications race each other, many times over", async () => {
    const { member, payment } = await pendingPayment();
    const deliveries = Array.from({ length: 10 }, (_, index) =>
      deliver(index % 2 === 0 ? processA : processB, notification(payment, index % 3 === 0 ? "refunded" : "paid")),
    );
    const responses = await Promise.all(deliveries);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const [settled] = await db.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(settled?.status).toBe("refunded");
    expect(await balanceOf(member.id)).toBe(0);
  });

  it("keeps only one of two payments racing a spending limit through two processes, refunding the other", async () => {
    const { member, payment: first } = await pendingPayment("credits-100");
    const { payment: second } = await pendingPayment("credits-100", member);
    // A$20: room for one A$14.95 package, not both; set while both checkouts are open.
    const limited = await fetch(`${processA.url}/api/account/spending-limit`, {
      method: "PUT",
      headers: {
        "Content-Type": "application/json",
        [apiHeaders.siteKey]: SITE_KEY,
        Authorization: `Bearer ${member.token}`,
      },
      body: JSON.stringify({ monthly_limit_cents: 2_000 }),
    });
    expect(limited.status).toBe(200);
    const deliveries = [first, second].flatMap((payment, which) => {
      const paid = notification(payment, "paid");
      return Array.from({ length: 4 }, (_, index) => deliver((index + which) % 2 === 0 ? processA : processB, paid));
    });
    expect((await Promise.all(deliveries)).every((response) => response.status === 200)).toBe(true);
    const settled = await db.db.select().from(payments).where(eq(payments.userId, member.id));
    expect(settled.map((row) => row.status).sort()).toEqual(["paid", "refunded"]);
    expect(settled.find((row) => row.status === "refunded")?.stoppedBy).toBe("monthly_limit");
    expect(await balanceOf(member.id)).toBe(100);
  });

  it("leaves books that ledger:check passes", async () => {
    expect(await findLedgerMismatches(db.db)).toEqual([]);
    expect(await findPaymentMismatches(db.db)).toEqual([]);
    const { stdout } = await promisify(execFile)("npx", ["tsx", "src/modules/payments/ledger-check.ts"], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(stdout).toContain("every balance equals the sum of its ledger rows");
    expect(stdout).toContain("every paid payment is credited once and every refund taken back once");

    // A payment marked paid behind the ledger's back is reported, and the command fails.
    const { payment } = await pendingPayment();
    await db.db.update(payments).set({ status: "paid" }).where(eq(payments.id, payment.id));
    const failed = await promisify(execFile)("npx", ["tsx", "src/modules/payments/ledger-check.ts"], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: database.url },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain(`payment ${payment.id} (paid`);
    await db.db.update(payments).set({ status: "pending" }).where(eq(payments.id, payment.id));
  }, 60_000);
});
