import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, withChunkReload } from "./chunk-reload";

describe("chunk load failures", () => {
  it("recognises the errors browsers raise when a script chunk is gone", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("not an error")).toBe(false);
  });

  describe("a page whose chunk fails to load", () => {
    let reload: ReturnType<typeof vi.fn>;
    let session: Map<string, string>;

    beforeEach(() => {
      reload = vi.fn();
      session = new Map();
      vi.stubGlobal("window", {
        location: { reload },
        sessionStorage: {
          getItem: (key: string) => session.get(key) ?? null,
          setItem: (key: string, value: string) => session.set(key, value),
        },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it("reloads the whole page once, and does not settle meanwhile", async () => {
      const load = withChunkReload(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
      const outcome = await Promise.race([
        load().then(() => "settled"),
        new Promise((r) => setTimeout(r, 20, "pending")),
      ]);
      expect(outcome).toBe("pending");
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it("does not reload in a loop when the chunk is still missing right after a reload", async () => {
      const missing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
      void withChunkReload(missing)();
      await Promise.resolve();
      const second = await withChunkReload(missing)().catch((error: unknown) => error);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(second).toBeInstanceOf(TypeError);
    });

    it("passes any other failure on to the error page", async () => {
      const failure = await withChunkReload(() => Promise.reject(new Error("boom")))().catch((error: unknown) => error);
      expect((failure as Error).message).toBe("boom");
      expect(reload).not.toHaveBeenCalled();
    });
  });
});
