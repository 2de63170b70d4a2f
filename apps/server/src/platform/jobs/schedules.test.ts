import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFreshPostgresDatabase } from "../../test/databases";
import { type Database, openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { jobSchedules, jobs } from "../db/schema/jobs";
import { createLogger } from "../logging/logger";
import { JobWorker } from "./worker";

const KIND = "test.every_minute";

/**
 * Two workers, as two processes would run them: on PostgreSQL each has its own connection pool to one database;
 * on the embedded database (one connection only) they share it.
 */
describe("scheduled jobs", () => {
  let fresh: { url: string; drop(): Promise<void> } | undefined;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      fresh = await createFreshPostgresDatabase(process.env.DATABASE_URL, "schedules");
      first = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
      second = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
    } else {
      first = await openDatabase({ databaseUrl: undefined, dataDir: null });
      second = first;
    }
    await runMigrations(first);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    if (second !== first) await second?.close();
    await fresh?.drop();
  });
  beforeEach(async () => {
    await first.db.delete(jobs);
    await first.db.delete(jobSchedules);
  });

  const worker = (database: Database, run: () => Promise<void>) =>
    new JobWorker(database.db, createLogger("silent"), { retryBaseMs: 1, retryMaxMs: 1 }).schedule(
      KIND,
      { everyMs: 60_000 },
      run,
    );
  const makeDue = () =>
    first.db
      .update(jobSchedules)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobSchedules.name, KIND));
  const nextRunAt = async () =>
    (await first.db.select().from(jobSchedules).where(eq(jobSchedules.name, KIND)))[0]?.nextRunAt;

  it("runs a due occurrence exactly once with two workers, and moves the schedule on", async () => {
    let runs = 0;
    const workers = [
      worker(first, async () => {
        runs += 1;
      }),
      worker(second, async () => {
        runs += 1;
      }),
    ];
    // The first round registers the schedule a minute ahead: nothing is due yet.
    await Promise.all(workers.map((each) => each.runDue()));
    expect(runs).toBe(0);
    const registered = await nextRunAt();
    expect(registered?.getTime()).toBeGreaterThan(Date.now() + 50_000);

    for (let occurrence = 1; occurrence <= 3; occurrence += 1) {
      await makeDue();
      await Promise.all([...workers, ...workers].map((each) => each.runDue()));
      expect(runs).toBe(occurrence);
      expect((await nextRunAt())?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    }
    const rows = await first.db.select().from(jobs).where(eq(jobs.kind, KIND));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.completedAt !== null && row.attempts === 1)).toBe(true);
  });

  it("retries a failing occurrence with backoff until it succeeds", async () => {
    let attempts = 0;
    const flaky = worker(first, async () => {
      attempts += 1;
      if (attempts < 3) throw new Error(`attempt ${attempts} fails`);
    });
    await flaky.runDue();
    await makeDue();
    for (let round = 0; round < 50 && attempts < 3; round += 1) {
      await flaky.runDue();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const [row] = await first.db.select().from(jobs).where(eq(jobs.kind, KIND));
    expect(attempts).toBe(3);
    expect(row?.attempts).toBe(3);
    expect(row?.completedAt).not.toBeNull();
    expect(row?.maxAttempts).toBe(5);
  });

  it("does not enqueue an occurrence while the previous one is still waiting", async () => {
    const idle = worker(first, async () => {});
    await idle.runDue();
    await makeDue();
    // Another kind's worker would leave it waiting; here the occurrence is enqueued and then held back.
    await first.db.insert(jobs).values({ kind: KIND, payload: {}, runAt: sql`now() + interval '1 hour'` });
    await idle.runDue();
    expect(await first.db.select().from(jobs).where(eq(jobs.kind, KIND))).toHaveLength(1);
  });

  it("computes 'daily at HH:MM' in the site's time zone", async () => {
    const daily = new JobWorker(first.db, createLogger("silent"), { timeZone: "Australia/Sydney" }).schedule(
      KIND,
      { dailyAt: "03:30" },
      async () => {},
    );
    await daily.runDue();
    const next = await nextRunAt();
    expect(next).toBeDefined();
    const ahead = (next?.getTime() ?? 0) - Date.now();
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThanOrEqual(25 * 3600_000);
    const local = new Intl.DateTimeFormat("en-AU", {
      timeZone: "Australia/Sydney",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(next);
    expect(local).toBe("03:30");
    expect(() => daily.schedule("test.bad", { dailyAt: "3:30" }, async () => {})).toThrow(/invalid schedule/);
  });

  it("brings a schedule forward, never back", async () => {
    const scheduled = worker(first, async () => {});
    await scheduled.runDue();
    const soon = new Date(Date.now() + 5_000);
    await scheduled.runScheduleBy(KIND, soon);
    expect((await nextRunAt())?.getTime()).toBe(soon.getTime());
    await scheduled.runScheduleBy(KIND, new Date(Date.now() + 3600_000));
    expect((await nextRunAt())?.getTime()).toBe(soon.getTime());
  });
});
