import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { apiHeaders } from "@velvet/shared/api/headers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../platform/db/client";
import { messages } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { createFreshPostgresDatabase } from "../../test/databases";
import { memberSignedInOn } from "../../test/process-members";
import { type ServerProcess, startServerProcess } from "../../test/server-process";
import { findLedgerMismatches } from "../ledger";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SITE_KEY = "race-site-key";

/**
 * Races need a real multi-connection database: the embedded one runs one
 * statement at a time, so these run in CI's PostgreSQL pass (DATABASE_URL set),
 * against two server processes sharing one fresh database.
 */
describe.runIf(process.env.DATABASE_URL)("sending under concurrency, on PostgreSQL across two processes", () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let processA: ServerProcess;
  let processB: ServerProcess;

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(process.env.DATABASE_URL ?? "", "race");
    // One site behind a load balancer: the same public URL (the tokens' issuer) for both processes.
    const env = {
      DATABASE_URL: database.url,
      SITE_KEYS: SITE_KEY,
      API_RATE_LIMIT: "10000",
      APP_URL: "http://localhost:3999",
    };
    // The first process migrates; the second waits on the migration lock and finds nothing to do.
    [processA, processB] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([processA?.stop(), processB?.stop()]);
    await db?.close();
    await database?.drop();
  });

  const member = (credits: number) => memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "race", credits });

  const send = (via: ServerProcess, from: { token: string }, to: { uuid: string }, clientId = randomUUID()) =>
    fetch(`${via.url}/api/profiles/${to.uuid}/messages`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${from.token}`,
        [apiHeaders.siteKey]: SITE_KEY,
      },
      body: JSON.stringify({ type: "text", text: "race", client_id: clientId }),
    });

  const balanceOf = async (id: number) =>
    (await db.db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]?.credits;

  it("stores exactly 3 of 50 simultaneous sends from a member with 3 credits; the other 47 get 402", async () => {
    const sender = await member(3);
    const recipient = await member(0);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => send(index % 2 === 0 ? processA : processB, sender, recipient)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(47);
    const stored = await db.db.select().from(messages).where(eq(messages.fromId, sender.id));
    expect(stored).toHaveLength(3);
    expect(await balanceOf(sender.id)).toBe(0);
    expect(await findLedgerMismatches(db.db)).toEqual([]);

    // The command operators run gives the same verdict.
    const { stdout } = await promisify(execFile)("npx", ["tsx", "src/modules/payments/ledger-check.ts"], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(stdout).toContain("every balance equals the sum of its ledger rows");

    // A balance changed behind the ledger's back is reported, and the command fails.
    await db.db.update(users).set({ credits: 7 }).where(eq(users.id, recipient.id));
    const failed = await promisify(execFile)("npx", ["tsx", "src/modules/payments/ledger-check.ts"], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: database.url },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain(`balance 7 != ledger 0`);
    await db.db.update(users).set({ credits: 0 }).where(eq(users.id, recipient.id));
  }, 60_000);

  it("turns the same client_id sent 5 times at once into one message and one charge", async () => {
    const sender = await member(10);
    const recipient = await member(0);
    const clientId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => send(index % 2 === 0 ? processA : processB, sender, recipient, clientId)),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { data: { id: number } }).data.id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await db.db.select().from(messages).where(eq(messages.fromId, sender.id))).toHaveLength(1);
    expect(await balanceOf(sender.id)).toBe(9);
    expect(await findLedgerMismatches(db.db)).toEqual([]);
  }, 60_000);

  it("lets two members who write to each other at once share one conversation without deadlock", async () => {
    const a = await member(20);
    const b = await member(20);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? send(processA, a, b) : send(processB, b, a))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const conversationIds = new Set(
      (await db.db.select({ id: messages.conversationId }).from(messages).where(eq(messages.fromId, a.id))).map(
        (row) => row.id,
      ),
    );
    for (const row of await db.db
      .select({ id: messages.conversationId })
      .from(messages)
      .where(eq(messages.fromId, b.id)))
      conversationIds.add(row.id);
    expect(conversationIds.size).toBe(1);
    expect(await balanceOf(a.id)).toBe(10);
    expect(await balanceOf(b.id)).toBe(10);
  }, 60_000);
});
