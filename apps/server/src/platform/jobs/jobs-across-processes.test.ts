import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshPostgresDatabase } from "../../test/databases";
import { freePort, type ServerProcess, startServerProcess } from "../../test/server-process";
import { createSmtpStub, type SmtpStub } from "../../test/smtp-stub";
import { type Database, openDatabase } from "../db/client";
import { jobs } from "../db/schema/jobs";
import { MAIL_JOB, queueMail } from "../mail/mail-queue";

const QUEUED = 60;

/**
 * Two server processes share one PostgreSQL database and one SMTP server (the embedded database serves one
 * process only, so this runs in CI's PostgreSQL pass, with DATABASE_URL set).
 */
describe.runIf(process.env.DATABASE_URL)("the jobs queue across two server processes", () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let smtp: SmtpStub;
  let processes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createFreshPostgresDatabase(process.env.DATABASE_URL ?? "", "jobs");
    // A little slow per message, so one process cannot empty the queue before the other's next poll.
    smtp = createSmtpStub(await freePort(), { delayMs: 100 });
    await smtp.start();
    const env = { DATABASE_URL: database.url, SITE_KEYS: "jobs-site-key", SMTP_URL: smtp.url };
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await db?.close();
    await smtp?.stop();
    await database?.drop();
  });

  it("delivers each queued mail exactly once, both processes' workers taking part", async () => {
    const addresses = Array.from({ length: QUEUED }, (_, index) => `queued-${index}@example.com`);
    await db.db.transaction(async (tx) => {
      for (const to of addresses) await queueMail(tx, "report_received", { to }, null);
    });

    const started = Date.now();
    while (smtp.received.length < QUEUED && Date.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Long enough for either process to have polled again and found anything left to send twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const recipients = smtp.received.flatMap((mail) => mail.to);
    expect(recipients.sort()).toEqual([...addresses].sort());
    // Mail only: the scheduled passes (digest, pass expiry…) have rows of their own once they fall due.
    const rows = await db.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
    expect(rows).toHaveLength(QUEUED);
    expect(rows.every((row) => row.completedAt !== null && row.attempts === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.lockedBy)).size).toBe(2);
  }, 90_000);
});
