import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  datePickerBounds,
  datePickerRange,
  isDateWithin,
  isValidTime,
  isWithinDatePickerRange,
  parseTimeInput,
  timeInputLimits,
} from "./date-limits";

describe("time input limits (spec §5)", () => {
  it("exports the limits", () => {
    expect(timeInputLimits).toEqual({
      hours24: { min: 0, max: 23 },
      hours12: { min: 1, max: 12 },
      minutes: { min: 0, max: 59 },
    });
  });

  it("accepts exactly hours 0–23 and minutes 0–59 in 24-hour mode", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.integer({ min: -5, max: 70 }), (hours, minutes) => {
        expect(isValidTime({ hours, minutes }, "24h")).toBe(hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59);
      }),
    );
  });

  it("accepts exactly hours 1–12 in 12-hour mode", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        expect(isValidTime({ hours, minutes }, "12h")).toBe(hours >= 1 && hours <= 12);
      }),
    );
  });

  it("parses what a time input holds", () => {
    expect(parseTimeInput("07:45")).toEqual({ hours: 7, minutes: 45 });
    expect(parseTimeInput("23:59:59")).toEqual({ hours: 23, minutes: 59 });
    expect(parseTimeInput("12:15 AM", "12h")).toEqual({ hours: 12, minutes: 15 });
    expect(parseTimeInput("24:00")).toBeNull();
    expect(parseTimeInput("10:00:60")).toBeNull();
    expect(parseTimeInput("0:10 AM", "12h")).toBeNull();
    expect(parseTimeInput("10:10 PM", "24h")).toBeNull();
  });
});

describe("date input limits (spec §5)", () => {
  it("respects the input's min and max, both included", () => {
    const bounds = { min: "2025-01-01", max: "2025-12-31" };
    expect(isDateWithin("2025-01-01", bounds)).toBe(true);
    expect(isDateWithin("2025-12-31", bounds)).toBe(true);
    expect(isDateWithin("2024-12-31", bounds)).toBe(false);
    expect(isDateWithin("2026-01-01", bounds)).toBe(false);
    expect(isDateWithin("2025-02-30", {})).toBe(false);
    expect(isDateWithin("2099-01-01", { min: "2025-01-01" })).toBe(true);
  });

  it("the picker reaches 100 years back and 3 years ahead", () => {
    expect(datePickerRange).toEqual({ yearsBack: 100, yearsAhead: 3 });
    expect(datePickerBounds("2025-06-15")).toEqual({ min: "1925-06-15", max: "2028-06-15" });
    expect(datePickerBounds("2024-02-29")).toEqual({ min: "1924-02-29", max: "2027-02-28" });
    expect(isWithinDatePickerRange("1925-06-15", "2025-06-15")).toBe(true);
    expect(isWithinDatePickerRange("1925-06-14", "2025-06-15")).toBe(false);
    expect(isWithinDatePickerRange("2028-06-15", "2025-06-15")).toBe(true);
    expect(isWithinDatePickerRange("2028-06-16", "2025-06-15")).toBe(false);
  });

  it("refuses a today that is not a date", () => {
    expect(() => datePickerBounds("15/06/2025")).toThrow("Not a YYYY-MM-DD date: 15/06/2025");
  });
});
