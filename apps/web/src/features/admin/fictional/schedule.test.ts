import { describe, expect, it } from "vitest";
import { describeHours, toggleHour } from "./schedule";

describe("online schedule helpers", () => {
  it("describes hours as runs, a run over midnight as one", () => {
    expect(describeHours([])).toBe("Never");
    expect(describeHours(Array.from({ length: 24 }, (_, hour) => hour))).toBe("All day");
    expect(describeHours([9, 10, 11, 12, 15])).toBe("9–12, 15");
    expect(describeHours([0, 1, 22, 23, 5])).toBe("5, 22–1");
  });

  it("toggles an hour on and off, keeping the list sorted", () => {
    expect(toggleHour([3, 9], 5)).toEqual([3, 5, 9]);
    expect(toggleHour([3, 5, 9], 5)).toEqual([3, 9]);
  });
});
