import { describe, expect, it } from "vitest";
import { outageRetryDelayMs, unavailableKind } from "./service-status";

describe("what a 503 means", () => {
  it("is maintenance only when the body carries the marker", () => {
    expect(unavailableKind(503, { message: "Sorry! We Are Under Maintenance!", maintenance: true })).toBe(
      "maintenance",
    );
    expect(unavailableKind(503, { message: "Sorry! We Are Under Maintenance!" })).toBe("outage");
    expect(unavailableKind(503, { message: "x", maintenance: "yes" })).toBe("outage");
    expect(unavailableKind(503, null)).toBe("outage");
    expect(unavailableKind(500, { maintenance: true })).toBeNull();
    expect(unavailableKind(200, null)).toBeNull();
  });

  it("waits what the server asks, else 1 s doubling, never more than 15 s", () => {
    expect(outageRetryDelayMs(0, "5")).toBe(5_000);
    expect(outageRetryDelayMs(3, "120")).toBe(15_000);
    expect([0, 1, 2, 3, 4, 5].map((attempt) => outageRetryDelayMs(attempt, null))).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000,
    ]);
    expect(outageRetryDelayMs(1, "soon")).toBe(2_000);
  });
});
