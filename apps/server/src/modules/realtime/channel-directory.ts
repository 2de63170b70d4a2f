import type { Redis } from "ioredis";

/**
 * How many connections each channel has, across processes, for the HTTP API's
 * channel queries. Each process owns one Redis hash (channel -> count) that
 * expires unless the process keeps refreshing it.
 */
export interface ChannelDirectory {
  set(channel: string, localCount: number): Promise<void>;
  refresh(localCounts: Map<string, number>): Promise<void>;
  counts(): Promise<Map<string, number>>;
}

export class LocalChannelDirectory implements ChannelDirectory {
  constructor(private readonly localCounts: () => Map<string, number>) {}
  async set() {}
  async refresh() {}
  async counts() {
    return new Map(this.localCounts());
  }
}

const DIRECTORY_TTL_SECONDS = 15;

export class RedisChannelDirectory implements ChannelDirectory {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    processId: string,
  ) {
    this.key = `${prefix}rt:channels:${processId}`;
  }

  async set(channel: string, localCount: number) {
    if (localCount > 0)
      await this.redis.multi().hset(this.key, channel, localCount).expire(this.key, DIRECTORY_TTL_SECONDS).exec();
    else await this.redis.hdel(this.key, channel);
  }

  async refresh(localCounts: Map<string, number>) {
    const pipeline = this.redis.multi().del(this.key);
    if (localCounts.size > 0)
      pipeline.hset(this.key, Object.fromEntries(localCounts)).expire(this.key, DIRECTORY_TTL_SECONDS);
    await pipeline.exec();
  }

  async counts() {
    const totals = new Map<string, number>();
    let cursor = "0";
    do {
      const [next, keys] = await this.redis.scan(cursor, "MATCH", `${this.prefix}rt:channels:*`, "COUNT", 100);
      cursor = next;
      for (const key of keys) {
        for (const [channel, count] of Object.entries(await this.redis.hgetall(key))) {
          totals.set(channel, (totals.get(channel) ?? 0) + Number(count));
        }
      }
    } while (cursor !== "0");
    return totals;
  }
}
