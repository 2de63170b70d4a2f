import { LRUCache } from "lru-cache";

/**
 * A cache's name and bounds, declared once beside the code that reads it. Its entries live in the process's
 * `Caches` (context.caches), so every server (and every test's server) has its own, and every cache is bounded:
 * the least recently used entry goes first beyond `max`, and none is served past `ttlMs` when set.
 */
export interface CacheSpec<K extends {}, V extends {}> {
  readonly name: string;
  readonly max: number;
  readonly ttlMs?: number;
  /** Carries the key and value types only; never set. */
  readonly types?: { key: K; value: V };
}

export function defineCache<K extends {}, V extends {}>(spec: {
  name: string;
  max: number;
  ttlMs?: number;
}): CacheSpec<K, V> {
  return spec;
}

/**
 * Every process-wide cache of one server, by name. Invalidation is not done
 * here nor by the writers: cache-invalidation.ts (beside server.ts) subscribes to the domain events that change what a cache holds.
 */
export class Caches {
  // biome-ignore lint/suspicious/noExplicitAny: each entry is typed by its spec at the one place that reads it.
  private readonly byName = new Map<string, { spec: CacheSpec<any, any>; cache: LRUCache<any, any> }>();

  /** The cache of `spec`, created at its first use; one name is one cache. */
  of<K extends {}, V extends {}>(spec: CacheSpec<K, V>): LRUCache<K, V> {
    const existing = this.byName.get(spec.name);
    if (existing) {
      if (existing.spec !== spec) throw new Error(`two caches are named ${spec.name}`);
      return existing.cache as LRUCache<K, V>;
    }
    const cache = new LRUCache<K, V>({ max: spec.max, ...(spec.ttlMs === undefined ? {} : { ttl: spec.ttlMs }) });
    this.byName.set(spec.name, { spec, cache });
    return cache;
  }

  /** Entries held per cache, by name (for operators and tests). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.byName].map(([name, { cache }]) => [name, cache.size]));
  }
}
