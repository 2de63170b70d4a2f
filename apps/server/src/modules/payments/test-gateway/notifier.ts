import type { Logger } from "../../../platform/logging/logger";
import { signatureHeader } from "../signature";

export interface NotifierOptions {
  /** Where to deliver, resolved at each attempt (the server's own address is known only once it listens). */
  target: () => string;
  secret: string;
  /** First retry delay; each further attempt waits twice as long, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs?: number;
  /** Attempts before giving up (with the defaults, about a day of retrying). */
  maxAttempts?: number;
  logger: Logger;
  now?: () => number;
  fetch?: typeof globalThis.fetch;
}

/**
 * The test gateway's server-to-server notifications, delivered like a
 * provider's: POSTed with a fresh signature on every attempt, retried with
 * exponential backoff until the webhook answers 2xx. In memory: a restart
 * drops what is still queued (a real provider keeps its own queue).
 */
export class RetryingNotifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private pending = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: NotifierOptions) {}

  /** Queues one notification body; it is sent at once, then retried until accepted. */
  send(body: string): void {
    if (this.stopped) return;
    this.pending += 1;
    this.attempt(body, 1);
  }

  /** Resolves once every queued notification was accepted or given up on (tests wait on it). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private attempt(body: string, attempt: number): void {
    const delivery = this.deliver(body).then((accepted) => {
      this.inFlight.delete(delivery);
      if (accepted) return this.settle();
      const maxAttempts = this.options.maxAttempts ?? 30;
      if (attempt >= maxAttempts || this.stopped) {
        if (!this.stopped) this.options.logger.error({ attempt }, "test gateway: notification given up");
        return this.settle();
      }
      const delay = Math.min(this.options.baseDelayMs * 2 ** (attempt - 1), this.options.maxDelayMs ?? 3_600_000);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(body, attempt + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    });
    this.inFlight.add(delivery);
  }

  private async deliver(body: string): Promise<boolean> {
    const now = this.options.now?.() ?? Date.now();
    const send = this.options.fetch ?? globalThis.fetch;
    try {
      const response = await send(this.options.target(), {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Signature": signatureHeader(this.options.secret, body, Math.floor(now / 1000)),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return true;
      this.options.logger.warn({ status: response.status }, "test gateway: notification refused; will retry");
    } catch (error) {
      this.options.logger.warn({ err: error }, "test gateway: notification failed; will retry");
    }
    return false;
  }

  private settle(): void {
    this.pending -= 1;
    if (this.pending > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
