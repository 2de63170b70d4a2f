import { createRequire } from "node:module";
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";

/**
 * The rate limiter's store: @fastify/rate-limit's own Redis store while Redis
 * answers, and its own in-memory store for any request Redis cannot count (an
 * outage, a restart). Limits then hold per process instead of across
 * processes, rather than failing open (letting everything through) or closed
 * (refusing the whole API because a counter is unreachable).
 */
type IncrCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
interface LimiterStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): LimiterStore;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
type StoreConstructor = new (...args: unknown[]) => LimiterStore;

// The library's stores are not part of its typed entry point; they are its own files, loaded as it loads them.
// fallback-store.test.ts fails once the plugin exports them or types incr's arguments (fastify-rate-limit#421).
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore") as StoreConstructor;
const LocalStore = require("@fastify/rate-limit/store/LocalStore") as StoreConstructor;

class FallbackStore implements LimiterStore {
  constructor(
    private readonly primary: LimiterStore,
    private readonly fallback: LimiterStore,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.primary.incr(
      key,
      (error, result) => {
        if (!error) {
          callback(null, result);
          return;
        }
        this.fallback.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): LimiterStore {
    return new FallbackStore(this.primary.child(routeOptions), this.fallback.child(routeOptions));
  }
}

/** A store class for @fastify/rate-limit's `store` option (it constructs it with its global settings). */
export function redisWithMemoryFallbackStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const Store = class extends FallbackStore {
    constructor(settings: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = settings.continueExceeding ?? false;
      const exponentialBackoff = settings.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, 5000),
      );
    }
  };
  // The plugin's published types (10.3) describe incr without the window and limit it passes; the runtime passes
  // them. Fixed upstream after 10.3: https://github.com/fastify/fastify-rate-limit/pull/421
  return Store as unknown as FastifyRateLimitStoreCtor;
}
