import { describe, expect, expectTypeOf, it } from "vitest";
import { type NativeInput, nativeRulesOf, validateNativeInput } from "./native-rules";

/** An input as the DOM reports it when no attribute is set. */
function input(overrides: Partial<NativeInput>): NativeInput {
  return {
    name: "field",
    type: "text",
    value: "",
    checked: false,
    files: null,
    required: false,
    multiple: false,
    pattern: "",
    minLength: -1,
    maxLength: -1,
    min: "",
    max: "",
    ...overrides,
  };
}

describe("rules from an input's attributes", () => {
  it("takes a real input element", () => {
    expectTypeOf<HTMLInputElement>().toExtend<NativeInput>();
    expect(nativeRulesOf(input({ required: true }))).toEqual({ required: true });
  });

  it("reads required, email type, lengths, pattern and number limits", () => {
    expect(nativeRulesOf(input({ required: true, type: "email", maxLength: 320 }))).toEqual({
      required: true,
      email: true,
      max: 320,
    });
    expect(nativeRulesOf(input({ type: "number", min: "18", max: "100" }))).toEqual({
      numeric: true,
      min_value: 18,
      max_value: 100,
    });
    expect(nativeRulesOf(input({ pattern: "[A-Za-z]+", minLength: 2 }))).toEqual({ regex: /^(?:[A-Za-z]+)$/u, min: 2 });
  });

  it("validates the input's value in English, named after the input", () => {
    expect(validateNativeInput(input({ name: "username", required: true, minLength: 3, value: "ab" }))).toEqual({
      valid: false,
      rule: "min",
      message: "The username field must be at least 3 characters",
    });
    expect(validateNativeInput(input({ name: "email", type: "email", value: "nope" }))).toMatchObject({
      message: "Please fill in a valid email address",
    });
    expect(validateNativeInput(input({ name: "age", type: "number", min: "18", value: "30" }))).toEqual({
      valid: true,
    });
  });

  it("reads a checkbox's tick and a file input's files", () => {
    expect(validateNativeInput(input({ name: "terms", type: "checkbox", required: true }))).toMatchObject({
      message: "The terms field is required",
    });
    expect(validateNativeInput(input({ name: "terms", type: "checkbox", required: true, checked: true })).valid).toBe(
      true,
    );
    expect(validateNativeInput(input({ name: "photo", type: "file", required: true }))).toMatchObject({
      message: "The photo field is required",
    });
  });

  it("adds extra rules after the native ones", () => {
    const city = input({ name: "city", required: true, value: "Sydney2" });
    expect(validateNativeInput(city, { alpha_spaces: true })).toMatchObject({
      message: "The city field may only contain alphabetic characters as well as spaces",
    });
    expect(validateNativeInput(input({ name: "city", required: true }), { alpha_spaces: true })).toMatchObject({
      message: "Please fill in your city",
    });
  });
});
