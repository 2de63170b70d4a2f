import { describe, expect, it } from "vitest";
import { type ValidateOptions, validate } from "../validate";
import { MissingFieldError } from "../validator-errors";

function messageOf(value: unknown, rules: Parameters<typeof validate>[1], options: ValidateOptions = {}) {
  const result = validate(value, rules, { field: "start_date", ...options });
  return result.valid ? null : result.message;
}

describe("date_format", () => {
  it("without a pattern: a real yyyy-MM-dd date, in the catalogue's existing words", () => {
    expect(messageOf("2024-02-29", "date_format")).toBeNull();
    expect(messageOf("2023-02-29", "date_format")).toBe("The start date field must be a valid date (YYYY-MM-DD)");
    expect(messageOf("29/02/2024", "date_format")).toBe("The start date field must be a valid date (YYYY-MM-DD)");
  });

  it("with a pattern: that pattern exactly, no rolled-over days", () => {
    expect(messageOf("31/12/2024", "date_format:dd/MM/yyyy")).toBeNull();
    expect(messageOf("31/02/2024", "date_format:dd/MM/yyyy")).toBe(
      "The start date field must be in the format dd/MM/yyyy",
    );
    expect(messageOf("2024-12-31", "date_format:dd/MM/yyyy")).toBe(
      "The start date field must be in the format dd/MM/yyyy",
    );
  });

  it("takes a pattern with a comma whole", () => {
    expect(messageOf("Jun 5, 2025", "date_format:MMM d, yyyy")).toBeNull();
    expect(messageOf("5 Jun 2025", "date_format:MMM d, yyyy")).toBe(
      "The start date field must be in the format MMM d, yyyy",
    );
  });
});

describe("after and before", () => {
  it("compare with a literal date in the field's format", () => {
    expect(messageOf("2025-01-02", "after:2025-01-01")).toBeNull();
    expect(messageOf("2025-01-01", "after:2025-01-01")).toBe("The start date field must be after 2025-01-01");
    expect(messageOf("2025-01-01", "after:2025-01-01,inclusive")).toBeNull();
    expect(messageOf("2024-12-31", "after:2025-01-01,inclusive")).toBe(
      "The start date field must be after or equal to 2025-01-01",
    );
    expect(messageOf("2024-12-31", "before:2025-01-01")).toBeNull();
    expect(messageOf("2025-01-01", "before:2025-01-01")).toBe("The start date field must be before 2025-01-01");
    expect(messageOf("2025-01-01", "before:2025-01-01,true")).toBeNull();
    expect(messageOf("2025-01-02", "before:2025-01-01,true")).toBe(
      "The start date field must be before or equal to 2025-01-01",
    );
  });

  it("read the field's own date_format", () => {
    expect(messageOf("02/01/2025", "date_format:dd/MM/yyyy|after:01/01/2025")).toBeNull();
    expect(messageOf("01/01/2025", "date_format:dd/MM/yyyy|after:01/01/2025")).toBe(
      "The start date field must be after 01/01/2025",
    );
  });

  it("compare with another field named as the target", () => {
    const form = { start_date: "2025-03-01", end_date: "2025-02-01" };
    expect(messageOf("2025-02-01", "after:start_date", { field: "end_date", form })).toBe(
      "The end date field must be after start date",
    );
    expect(messageOf("2025-03-02", "after:start_date", { field: "end_date", form })).toBeNull();
    expect(() => validate("2025-03-02", "after:launch_date", { form })).toThrow(MissingFieldError);
  });

  it("take Date objects in the object form", () => {
    expect(messageOf("2025-06-01", { after: new Date(2025, 4, 31) })).toBeNull();
    expect(messageOf("2025-05-30", { after: new Date(2025, 4, 31) })).toBe(
      "The start date field must be after 2025-05-31",
    );
  });

  it("fail a value that is not a date", () => {
    expect(messageOf("soon", "after:2025-01-01")).toBe("The start date field must be after 2025-01-01");
  });
});

describe("date_between", () => {
  it("includes both ends by default", () => {
    for (const day of ["2025-01-01", "2025-06-15", "2025-12-31"]) {
      expect(messageOf(day, "date_between:2025-01-01,2025-12-31")).toBeNull();
    }
    expect(messageOf("2026-01-01", "date_between:2025-01-01,2025-12-31")).toBe(
      "The start date field must be between 2025-01-01 and 2025-12-31",
    );
  });

  it("excludes an end marked with a parenthesis", () => {
    expect(messageOf("2025-01-01", "date_between:2025-01-01,2025-12-31,()")).not.toBeNull();
    expect(messageOf("2025-01-01", "date_between:2025-01-01,2025-12-31,[)")).toBeNull();
    expect(messageOf("2025-12-31", "date_between:2025-01-01,2025-12-31,[)")).not.toBeNull();
    expect(messageOf("2025-12-31", "date_between:2025-01-01,2025-12-31,(]")).toBeNull();
  });
});

describe("time", () => {
  it("24-hour: hours 0–23, minutes 0–59", () => {
    for (const time of ["00:00", "23:59", "9:05", "12:30:15"]) expect(messageOf(time, "time")).toBeNull();
    for (const time of ["24:00", "12:60", "7pm", "1:05 PM"]) {
      expect(messageOf(time, "time")).toBe("The start date field must be a valid time");
    }
  });

  it("12-hour: hours 1–12", () => {
    for (const time of ["1:05 PM", "12:00 am", "11:59"]) expect(messageOf(time, "time:12")).toBeNull();
    for (const time of ["0:30 AM", "13:00", "12:60 PM"]) {
      expect(messageOf(time, "time:12")).toBe("The start date field must be a valid time");
    }
  });
});
