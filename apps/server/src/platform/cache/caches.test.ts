import { describe, expect, it } from "vitest";
import { Caches, defineCache } from "./caches";

describe("the cache facility", () => {
  it("gives one cache per name and server, bounded by its spec", () => {
    const spec = defineCache<string, number>({ name: "test-bounded", max: 2 });
    const caches = new Caches();
    const cache = caches.of(spec);
    expect(caches.of(spec)).toBe(cache);
    cache.set("a", 1).set("b", 2).set("c", 3);
    expect([...cache.keys()].sort()).toEqual(["b", "c"]);
    expect(caches.sizes()).toEqual({ "test-bounded": 2 });
    // Another server's caches are its own.
    expect(new Caches().of(spec).size).toBe(0);
  });

  it("refuses two caches of one name", () => {
    const caches = new Caches();
    caches.of(defineCache<string, number>({ name: "test-twice", max: 1 }));
    expect(() => caches.of(defineCache<string, number>({ name: "test-twice", max: 5 }))).toThrow(/test-twice/);
  });
});
