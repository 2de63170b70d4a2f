import { describe, expect, it } from "vitest";
import { describeTrigger, formatDelay, splitDelay } from "./delay";

describe("trigger delays", () => {
  it("shows a delay in the largest unit that divides it exactly", () => {
    expect(splitDelay(4320)).toEqual({ amount: 3, unit: 1440 });
    expect(splitDelay(120)).toEqual({ amount: 2, unit: 60 });
    expect(splitDelay(90)).toEqual({ amount: 90, unit: 1 });
    expect(formatDelay(1)).toBe("1 minute");
    expect(formatDelay(1500)).toBe("25 hours");
  });

  it("describes what a trigger waits for", () => {
    expect(describeTrigger({ event: "registered", delay_minutes: 5 })).toBe("5 minutes after registration");
    expect(describeTrigger({ event: "inactive", delay_minutes: 1440 })).toBe("after 1 day inactive");
  });
});
