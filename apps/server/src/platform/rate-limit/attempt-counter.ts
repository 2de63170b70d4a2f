import type { Redis } from "ioredis";

/**
 * Counts attempts per key in a fixed window: sign-in failures, registrations,
 * resends. In Redis when configured, so every process agrees; otherwise in this
 * process's memory (one process is all there is without Redis).
 */
export interface AttemptCounter {
  /** Adds one attempt; returns the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  /** Takes back one attempt counted by hit() (one that turned out to be allowed), keeping the window. */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryAttemptCounter implements AttemptCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  private current(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && window.resetAt > now) return window;
    if (window) this.windows.delete(key);
    return undefined;
  }

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    const window = this.current(key, now) ?? { count: 0, resetAt: now + windowSeconds * 1000 };
    window.count += 1;
    this.windows.set(key, window);
    if (this.windows.size > 100_000) this.sweep(now);
    return { count: window.count, resetInSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  async peek(key: string) {
    const now = Date.now();
    const window = this.current(key, now);
    return window
      ? { count: window.count, resetInSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) }
      : { count: 0, resetInSeconds: 0 };
  }

  async forgive(key: string) {
    const window = this.current(key, Date.now());
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisAttemptCounter implements AttemptCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowSeconds: number) {
    const name = `${this.prefix}${key}`;
    // NX keeps the window fixed from the first attempt rather than sliding on every hit.
    const [[, count], , [, ttl]] = (await this.redis
      .multi()
      .incr(name)
      .expire(name, windowSeconds, "NX")
      .ttl(name)
      .exec()) as [[null, number], [null, number], [null, number]];
    return { count, resetInSeconds: Math.max(1, ttl) };
  }

  async peek(key: string) {
    const name = `${this.prefix}${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().get(name).ttl(name).exec()) as [
      [null, string | null],
      [null, number],
    ];
    return { count: Number(count ?? 0), resetInSeconds: Math.max(0, ttl) };
  }

  async forgive(key: string) {
    // Only an existing window goes down: a bare DECR after expiry would start a key with no TTL at -1.
    await this.redis.eval(FORGIVE_SCRIPT, 1, `${this.prefix}${key}`);
  }

  async reset(key: string) {
    await this.redis.del(`${this.prefix}${key}`);
  }
}

const FORGIVE_SCRIPT =
  "if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0";

export function createAttemptCounter(redis: Redis | undefined, prefix: string): AttemptCounter {
  return redis
    ? new FallbackAttemptCounter(new RedisAttemptCounter(redis, `${prefix}attempts:`), new MemoryAttemptCounter())
    : new MemoryAttemptCounter();
}

/**
 * Redis while it answers, this process's memory when it does not: the sign-in
 * throttle and the other attempt limits keep holding through a Redis outage
 * (per process) instead of failing open, or refusing every sign-in.
 */
export class FallbackAttemptCounter implements AttemptCounter {
  constructor(
    private readonly primary: AttemptCounter,
    private readonly fallback: AttemptCounter,
  ) {}

  hit(key: string, windowSeconds: number) {
    return this.primary.hit(key, windowSeconds).catch(() => this.fallback.hit(key, windowSeconds));
  }

  async peek(key: string) {
    // During an outage the memory holds the only count; after it, whichever saw more attempts wins.
    const [primary, fallback] = await Promise.all([
      this.primary.peek(key).catch(() => undefined),
      this.fallback.peek(key),
    ]);
    return primary && primary.count >= fallback.count ? primary : fallback;
  }

  async forgive(key: string) {
    await Promise.all([this.primary.forgive(key).catch(() => {}), this.fallback.forgive(key)]);
  }

  async reset(key: string) {
    await Promise.all([this.primary.reset(key).catch(() => {}), this.fallback.reset(key)]);
  }
}
