import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count";

describe("formatCount", () => {
  it("writes every safe integer as en-AU's Intl number format does", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger(),
          fc.maxSafeInteger().map((value) => -value),
          fc.integer(),
        ),
        (value) => {
          expect(formatCount(value)).toBe(value.toLocaleString("en-AU"));
        },
      ),
      { numRuns: 2000 },
    );
    for (const value of [0, 999, 1000, 12345, 1234567, -1000, Number.MAX_SAFE_INTEGER])
      expect(formatCount(value)).toBe(value.toLocaleString("en-AU"));
  });

  it("leaves what is not a whole number to Intl", () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString("en-AU"));
    expect(formatCount(Number.NaN)).toBe("NaN");
  });
});
