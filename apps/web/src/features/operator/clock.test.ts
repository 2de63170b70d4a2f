import { describe, expect, it } from "vitest";
import { formatCountdown, formatWaiting, waitingTone } from "./clock";

describe("console clocks", () => {
  it("shows a lock countdown in minutes and seconds", () => {
    expect(formatCountdown(360)).toBe("6:00");
    expect(formatCountdown(65.8)).toBe("1:05");
    expect(formatCountdown(-3)).toBe("0:00");
  });

  it("shows waiting times briefly, and colours them by urgency", () => {
    expect(formatWaiting(42)).toBe("42 s");
    expect(formatWaiting(12 * 60 + 5)).toBe("12 min");
    expect(formatWaiting(3 * 3600 + 5 * 60)).toBe("3 h 05");
    expect([waitingTone(30), waitingTone(300), waitingTone(900)]).toEqual(["fresh", "due", "late"]);
  });
});
