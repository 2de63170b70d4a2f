import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./chunk-reload";

describe("chunk load failures", () => {
  it("recognises the errors browsers raise when a script chunk is gone", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("not an error")).toBe(false);
  });
});
