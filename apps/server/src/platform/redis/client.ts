import { Redis } from "ioredis";

/** One shared Redis connection when REDIS_URL is set; features that need pub/sub open their own. */
export function openRedis(redisUrl: string | undefined): Redis | undefined {
  if (!redisUrl) return undefined;
  const redis = new Redis(redisUrl, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors are reported through /api/health; ioredis keeps reconnecting.
  redis.on("error", () => {});
  return redis;
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  }
}
