import type { Redis } from "ioredis";
import type { AppConfig } from "../../platform/config";
import type { Logger } from "../../platform/logging/logger";
import { LocalBus, RedisBus } from "./bus";
import { LocalChannelDirectory, RedisChannelDirectory } from "./channel-directory";
import { MemoryPresenceStore, RedisPresenceStore } from "./presence-store";
import { RealtimeServer } from "./server";
import { SocketRegistry } from "./socket-registry";

/** The embedded real-time server, joined to the other processes through Redis when REDIS_URL is set. */
export async function createRealtimeServer(deps: {
  config: AppConfig;
  redis: Redis | undefined;
  logger: Logger;
}): Promise<RealtimeServer> {
  const { config, redis } = deps;
  const prefix = config.redisKeyPrefix;
  let redisBus: RedisBus | undefined;
  const server = new RealtimeServer({
    appKey: config.pusher.key,
    appSecret: config.pusher.secret,
    allowedOrigins: [...config.allowedOrigins, new URL(config.appUrl).origin],
    trustProxy: config.trustProxy,
    connectionLimits: config.realtimeConnectionLimits,
    logger: deps.logger,
    presence: redis ? new RedisPresenceStore(redis, prefix, config.realtimePresenceTtlMs) : new MemoryPresenceStore(),
    presenceTtlMs: config.realtimePresenceTtlMs,
    sockets: new SocketRegistry(redis, prefix, config.realtimePresenceTtlMs),
    directory: (localCounts, processId) =>
      redis ? new RedisChannelDirectory(redis, prefix, processId) : new LocalChannelDirectory(localCounts),
    bus: (processId) => {
      if (!redis) return new LocalBus();
      redisBus = new RedisBus(redis, prefix, processId);
      return redisBus;
    },
  });
  await redisBus?.start();
  return server;
}
