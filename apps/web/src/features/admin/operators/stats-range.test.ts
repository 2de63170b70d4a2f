import { describe, expect, it } from "vitest";
import { parseRangeDays, statsRange } from "./stats-range";

describe("operator statistics range", () => {
  it("counts both ends: a week ending today starts six days before", () => {
    expect(statsRange("2026-03-12", 7)).toEqual({ from: "2026-03-06", to: "2026-03-12" });
    expect(statsRange("2026-03-12", 1)).toEqual({ from: "2026-03-12", to: "2026-03-12" });
  });

  it("crosses month and leap-day boundaries on the calendar, not the clock", () => {
    expect(statsRange("2028-03-01", 30)).toEqual({ from: "2028-02-01", to: "2028-03-01" });
    expect(statsRange("2026-01-05", 90)).toEqual({ from: "2025-10-08", to: "2026-01-05" });
  });

  it("reads only the offered ranges from the address, the week otherwise", () => {
    expect(parseRangeDays("30")).toBe(30);
    expect(parseRangeDays("92")).toBe(7);
    expect(parseRangeDays(null)).toBe(7);
    expect(parseRangeDays("abc")).toBe(7);
  });
});
