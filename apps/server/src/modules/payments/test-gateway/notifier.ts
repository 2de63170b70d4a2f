import type { AppContext } from "../../../platform/app-context";
import { enqueueJob, type JobHandler } from "../../../platform/jobs/queue";
import { signatureHeader } from "../signature";

/** The job kind of one notification; retried from PAYMENT_NOTIFY_RETRY_MS on, doubling up to an hour. */
export const TEST_GATEWAY_NOTIFY_JOB = "payments.test_notify";
/** Attempts before giving up (with the default backoff, about a day of retrying, as a provider would). */
const MAX_ATTEMPTS = 30;

export interface NotifierOptions {
  /** Where to deliver, resolved at each attempt (the server's own address is known only once it listens). */
  target: () => string;
  secret: string;
  now?: () => number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Queues one of the test gateway's server-to-server notifications as a job: the jobs worker delivers it like a
 * provider would, retried with backoff until the webhook answers 2xx. Durable, unlike a real provider's queue
 * needs to be here, but one retry facility is simpler than two.
 */
export async function queueTestGatewayNotification(context: AppContext, body: string): Promise<void> {
  await enqueueJob(context.database.db, TEST_GATEWAY_NOTIFY_JOB, { body }, { maxAttempts: MAX_ATTEMPTS });
  context.jobs.kick();
}

/** Delivers one notification: POSTed with a fresh signature on every attempt; anything but 2xx throws (retry). */
export function testGatewayNotifier(options: NotifierOptions): JobHandler {
  return async (payload) => {
    const body = String(payload.body);
    const now = options.now?.() ?? Date.now();
    const send = options.fetch ?? globalThis.fetch;
    // A network error throws too; the jobs worker logs each failure and schedules the retry.
    const response = await send(options.target(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Signature": signatureHeader(options.secret, body, Math.floor(now / 1000)),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`test gateway: notification refused with ${response.status}`);
  };
}
