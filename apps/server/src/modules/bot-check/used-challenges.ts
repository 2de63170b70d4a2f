import type { Redis } from "ioredis";

/**
 * Remembers which ALTCHA challenges have been spent, each until it expires, so a
 * solved challenge buys one request. In Redis when configured (one SET NX with a
 * TTL: atomic, so two processes never both accept one solution), in this
 * process's memory otherwise.
 */
export interface UsedChallenges {
  /** Records the first use of `id`; false when it was already used. */
  markUsed(id: string, ttlSeconds: number): Promise<boolean>;
  /** Gives a use back: the request it paid for failed on our side (5xx), so the visitor may send it again. */
  release(id: string): Promise<void>;
}

export class MemoryUsedChallenges implements UsedChallenges {
  private readonly expiries = new Map<string, number>();
  private nextSweepAt = 0;

  async markUsed(id: string, ttlSeconds: number): Promise<boolean> {
    const now = Date.now();
    this.sweep(now);
    const expiresAt = this.expiries.get(id);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.expiries.set(id, now + ttlSeconds * 1000);
    return true;
  }

  async release(id: string): Promise<void> {
    this.expiries.delete(id);
  }

  // Only expired ids are dropped: forgetting a live one would let its solution be replayed.
  private sweep(now: number) {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    for (const [id, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(id);
  }
}

export class RedisUsedChallenges implements UsedChallenges {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async markUsed(id: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}${id}`, "1", "EX", ttlSeconds, "NX")) === "OK";
  }

  async release(id: string): Promise<void> {
    await this.redis.del(`${this.prefix}${id}`);
  }
}

/**
 * Redis for every process, and this process's memory as well: while Redis is
 * down the memory still refuses a replay to this process, and an id seen here
 * during an outage is not accepted here again once Redis is back.
 */
class RedisAndMemoryUsedChallenges implements UsedChallenges {
  constructor(
    private readonly redis: UsedChallenges,
    private readonly memory: UsedChallenges,
  ) {}

  async markUsed(id: string, ttlSeconds: number): Promise<boolean> {
    if (!(await this.memory.markUsed(id, ttlSeconds))) return false;
    return this.redis.markUsed(id, ttlSeconds).catch(() => true);
  }

  async release(id: string): Promise<void> {
    await Promise.all([this.memory.release(id), this.redis.release(id).catch(() => {})]);
  }
}

export function createUsedChallenges(redis: Redis | undefined, prefix: string): UsedChallenges {
  return redis
    ? new RedisAndMemoryUsedChallenges(
        new RedisUsedChallenges(redis, `${prefix}altcha-used:`),
        new MemoryUsedChallenges(),
      )
    : new MemoryUsedChallenges();
}
