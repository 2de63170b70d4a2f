import { describe, expect, it } from "vitest";
import { rulesFromNativeAttributes } from "./native-rules";
import { validate } from "./validate";

/** What the DOM reports for an input without constraints. */
const blank = {
  required: false,
  type: "text",
  multiple: false,
  pattern: "",
  minLength: -1,
  maxLength: -1,
  min: "",
  max: "",
};

describe("native input attributes become rules (spec §5)", () => {
  it("an input without constraints has no rules", () => {
    expect(rulesFromNativeAttributes(blank)).toEqual({});
    expect(rulesFromNativeAttributes({})).toEqual({});
  });

  it("maps required, type email, minlength and maxlength", () => {
    expect(
      rulesFromNativeAttributes({ ...blank, required: true, type: "email", minLength: 6, maxLength: 120 }),
    ).toEqual({
      required: true,
      email: true,
      min: 6,
      max: 120,
    });
    expect(rulesFromNativeAttributes({ ...blank, type: "email", multiple: true })).toEqual({ email: "multiple" });
  });

  it("maps pattern to a regex matched against the whole value, as the browser does", () => {
    const rules = rulesFromNativeAttributes({ ...blank, pattern: "[0-9]{4}" });
    expect(rules.regex).toEqual(/^(?:[0-9]{4})$/u);
    expect(validate("3000", rules).valid).toBe(true);
    expect(validate("30000", rules, { field: "postcode" })).toMatchObject({
      message: "The postcode field format is invalid",
    });
  });

  it("ignores an invalid pattern, as the browser does", () => {
    expect(rulesFromNativeAttributes({ ...blank, pattern: "[unclosed" })).toEqual({});
  });

  it("maps a number input's min and max to min_value and max_value", () => {
    const rules = rulesFromNativeAttributes({ ...blank, type: "number", min: "18", max: "100" });
    expect(rules).toEqual({ numeric: true, min_value: 18, max_value: 100 });
    expect(validate("17", rules, { field: "age" })).toMatchObject({ message: "The age field must be 18 or more" });
    expect(validate("101", rules, { field: "age" })).toMatchObject({ message: "The age field must be 100 or less" });
    expect(validate("18", rules, { field: "age" }).valid).toBe(true);
  });

  it("keeps a maxlength of 0, which the DOM reports as 0 rather than -1", () => {
    expect(rulesFromNativeAttributes({ ...blank, maxLength: 0 })).toEqual({ max: 0 });
  });

  it("makes a date input respect its min and max dates, both included", () => {
    const rules = rulesFromNativeAttributes({ ...blank, type: "date", min: "1925-06-15", max: "2007-06-15" });
    expect(validate("2007-06-15", rules).valid).toBe(true);
    expect(validate("2007-06-16", rules, { field: "birthdate" })).toMatchObject({
      message: "The birthdate field must be before or equal to 2007-06-15",
    });
    expect(validate("1925-06-14", rules, { field: "birthdate" })).toMatchObject({
      message: "The birthdate field must be after or equal to 1925-06-15",
    });
    expect(validate("2000-02-30", rules, { field: "birthdate" })).toMatchObject({ rule: "date_format" });
  });

  it("checks a time input's hours and minutes", () => {
    const rules = rulesFromNativeAttributes({ ...blank, type: "time", required: true });
    expect(validate("23:59", rules).valid).toBe(true);
    expect(validate("24:10", rules, { field: "meet_at" })).toMatchObject({
      message: "The meet at field must be a valid time",
    });
  });
});
