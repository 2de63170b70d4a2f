import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppContext } from "../../platform/app-context";
import type { Database } from "../../platform/db/client";
import { jobs } from "../../platform/db/schema/jobs";
import { JobWorker } from "../../platform/jobs/worker";
import { createLogger } from "../../platform/logging/logger";
import { openTestDatabase } from "../../test/support";
import { verifySignature } from "./signature";
import { queueTestGatewayNotification, TEST_GATEWAY_NOTIFY_JOB, testGatewayNotifier } from "./test-gateway/notifier";

const SECRET = "notifier-test-secret";

function recordingFetch(answers: Array<number | "network-error">) {
  const calls: Array<{ url: string; body: string; signature: string }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      body: String(init.body),
      signature: (init.headers as Record<string, string>)["X-Signature"] ?? "",
    });
    const answer = answers[calls.length - 1] ?? 200;
    if (answer === "network-error") throw new TypeError("fetch failed");
    return new Response("{}", { status: answer });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe("the test gateway's notifier (a job kind)", () => {
  // The run's database (PostgreSQL in CI's second lane), already migrated: the retries are database work.
  let database: Database;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close: closeDatabase } = await openTestDatabase("notifier"));
  }, 60_000);
  afterAll(() => closeDatabase?.());
  beforeEach(() => database.db.delete(jobs));

  const workerWith = (handler: ReturnType<typeof testGatewayNotifier>) =>
    new JobWorker(database.db, createLogger("silent"), { retryMaxMs: 50 }).handle(TEST_GATEWAY_NOTIFY_JOB, handler, {
      retryBaseMs: 5,
    });
  const queue = (worker: JobWorker, body: string) =>
    queueTestGatewayNotification({ database, jobs: worker } as unknown as AppContext, body);
  /**
   * Rounds until the job is done or failed (retries wait their backoff). Bounded by time, not by a count of
   * rounds: 30 attempts' backoff is ~1.5 s, which 200 quick rounds (a warm worker) could finish before.
   */
  async function settle(worker: JobWorker) {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      await worker.runDue();
      const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, TEST_GATEWAY_NOTIFY_JOB));
      if (row?.completedAt || row?.failedAt) return row;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error("the notification never settled");
  }

  it("retries with backoff until a 2xx, signing every attempt afresh over the same bytes", async () => {
    const { fetch, calls } = recordingFetch([500, "network-error", 503, 200]);
    let clock = 1_700_000_000_000;
    const sentAt: number[] = [];
    const worker = workerWith(
      testGatewayNotifier({
        target: () => "http://gateway.test/api/payments/webhooks/test",
        secret: SECRET,
        // Each attempt happens "later", so each signature carries its own time.
        now: () => {
          clock += 61_000;
          sentAt.push(clock);
          return clock;
        },
        fetch,
      }),
    );
    const body = '{"id":"evt_1","type":"payment.paid"}';
    const started = Date.now();
    await queue(worker, body);
    const row = await settle(worker);
    expect(row.completedAt).not.toBeNull();
    expect(calls).toHaveLength(4);
    // 5 + 10 + 20 ms of backoff at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
    expect(new Set(calls.map((call) => call.signature)).size).toBe(4);
    calls.forEach((call, index) => {
      expect(call.body).toBe(body);
      const seconds = Math.floor((sentAt[index] ?? 0) / 1000);
      expect(call.signature).toMatch(new RegExp(`^t=${seconds},v1=[0-9a-f]{64}$`));
      expect(verifySignature(SECRET, Buffer.from(body), call.signature, seconds)).toBe(true);
    });
  });

  it("gives up after its last attempt", async () => {
    const { fetch, calls } = recordingFetch(Array.from({ length: 40 }, () => 500));
    const worker = workerWith(testGatewayNotifier({ target: () => "http://gateway.test/hook", secret: SECRET, fetch }));
    await queue(worker, "{}");
    const row = await settle(worker);
    expect(row.failedAt).not.toBeNull();
    expect(calls).toHaveLength(30);
    expect(row.lastError).toMatch(/refused with 500/);
  }, 30_000);
});
