import { describe, expect, it } from "vitest";
import { createLogger } from "../../platform/logging/logger";
import { verifySignature } from "./signature";
import { RetryingNotifier } from "./test-gateway/notifier";

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

describe("the test gateway's notifier", () => {
  it("retries with backoff until a 2xx, signing every attempt afresh over the same bytes", async () => {
    const { fetch, calls } = recordingFetch([500, "network-error", 503, 200]);
    let clock = 1_700_000_000_000;
    const sentAt: number[] = [];
    const notifier = new RetryingNotifier({
      target: () => "http://gateway.test/api/payments/webhooks/test",
      secret: SECRET,
      baseDelayMs: 5,
      logger: createLogger("silent"),
      // Each attempt happens "later", so each signature carries its own time.
      now: () => {
        clock += 61_000;
        sentAt.push(clock);
        return clock;
      },
      fetch,
    });
    const body = '{"id":"evt_1","type":"payment.paid"}';
    const started = Date.now();
    notifier.send(body);
    await notifier.idle();
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
    await notifier.stop();
  });

  it("gives up after its last attempt, and sends nothing once stopped", async () => {
    const { fetch, calls } = recordingFetch([500, 500, 500, 500]);
    const notifier = new RetryingNotifier({
      target: () => "http://gateway.test/hook",
      secret: SECRET,
      baseDelayMs: 1,
      maxAttempts: 3,
      logger: createLogger("silent"),
      fetch,
    });
    notifier.send("{}");
    await notifier.idle();
    expect(calls).toHaveLength(3);
    await notifier.stop();
    notifier.send("{}");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(3);
  });
});
