import { Redis } from "ioredis";

/**
 * One shared Redis connection when REDIS_URL is set; features that need pub/sub
 * open their own. Waits briefly for the first connection so the process starts
 * ready, but starts anyway (degraded, reported by /api/health) if Redis is down.
 */
export async function openRedis(redisUrl: string | undefined): Promise<Redis | undefined> {
  if (!redisUrl) return undefined;
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors are reported through /api/health; ioredis keeps reconnecting.
  redis.on("error", () => {});
  await Promise.race([redis.connect().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  return redis;
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  }
}
