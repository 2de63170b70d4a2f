import { describe, expect, it } from "vitest";
import { customFieldMessages } from "./custom-messages";
import { parseRules } from "./parse-rules";
import { ruleRegistry } from "./rules/registry";
import { validate, validateForm } from "./validate";
import { MissingFieldError, UnknownRuleError } from "./validator-errors";

describe("the rule registry", () => {
  it("holds every generic rule of spec §5, plus the time input's rule", () => {
    const spec = [
      "required",
      "required_if",
      "email",
      "min",
      "max",
      "min_value",
      "max_value",
      "between",
      "length",
      "digits",
      "numeric",
      "integer",
      "decimal",
      "alpha",
      "alpha_dash",
      "alpha_num",
      "alpha_spaces",
      "regex",
      "confirmed",
      "is",
      "is_not",
      "included",
      "excluded",
      "url",
      "ip",
      "ip_or_fqdn",
      "credit_card",
      "date_format",
      "date_between",
      "after",
      "before",
      "image",
      "dimensions",
      "size",
      "ext",
      "mimes",
    ];
    expect(Object.keys(ruleRegistry).sort()).toEqual([...spec, "time"].sort());
  });
});

describe("validate", () => {
  it("runs a rule string in order and names the field from its key", () => {
    expect(validate("velvet_rose", "required|min:3|max:20", { field: "username" })).toEqual({ valid: true });
    expect(validate("ab", "required|min:3|max:20", { field: "username" })).toEqual({
      valid: false,
      rule: "min",
      message: "The username field must be at least 3 characters",
    });
  });

  it("takes the same rules as an object, leaving out false ones", () => {
    const rules = { required: true, min: 3, max: 20, alpha_dash: true, email: false };
    expect(validate("velvet rose", rules, { field: "username" })).toMatchObject({ rule: "alpha_dash" });
    expect(validate("velvet_rose", rules, { field: "username" }).valid).toBe(true);
  });

  it("stops at the first failing rule (fast exit)", () => {
    const result = validate("", "required|min:3|email", { field: "username" });
    expect(result).toEqual({ valid: false, rule: "required", message: "The username field is required" });
    expect(validate("a", "min:3|email|max:0", { field: "username" })).toMatchObject({ rule: "min" });
  });

  it("skips the other rules on an empty optional field", () => {
    expect(validate("", "min:3|email").valid).toBe(true);
    expect(validate(undefined, "numeric|between:1,5").valid).toBe(true);
  });

  it("words a field without a key as 'value', and takes a display name", () => {
    expect(validate("", "required")).toMatchObject({ message: "The value field is required" });
    expect(validate("", "required", { field: "dob", name: "date of birth" })).toMatchObject({
      message: "The date of birth field is required",
    });
  });

  it("throws 'No such validator exists' for an unknown rule, whatever the value", () => {
    expect(() => validate("x", "required|shoe_size:9")).toThrow(UnknownRuleError);
    expect(() => validate("", "shoe_size")).toThrow("No such validator exists");
    expect(() => parseRules({ shoe_size: true } as never)).toThrowError(
      expect.objectContaining({ message: "No such validator exists", rule: "shoe_size" }),
    );
  });

  it("throws on a misconfigured parameter instead of failing the member", () => {
    expect(() => validate("abc", "min:lots")).toThrow("The min rule needs a valid parameter 1, got lots");
  });
});

describe("custom messages (spec §5)", () => {
  it("are exposed per field", () => {
    expect(customFieldMessages).toEqual({
      email: { email: "Please fill in a valid email address" },
      city: { required: "Please fill in your city" },
    });
  });

  it("word an invalid email and an empty city", () => {
    expect(validate("not-an-email", "required|email", { field: "email" })).toMatchObject({
      message: "Please fill in a valid email address",
    });
    expect(validate(" ", "required|max:80", { field: "city" })).toMatchObject({
      message: "Please fill in your city",
    });
  });

  it("leave other rules of those fields, and other fields, to the catalogue", () => {
    expect(validate("", "required|email", { field: "email" })).toMatchObject({
      message: "The email field is required",
    });
    expect(validate("x".repeat(81), "required|max:80", { field: "city" })).toMatchObject({
      message: "The city field may not be greater than 80 characters",
    });
    expect(validate("nope", "email", { field: "backup_email" })).toMatchObject({
      message: "The backup email field must be a valid email",
    });
  });

  it("can be given by the caller and fill the same placeholders", () => {
    expect(
      validate("ab", "min:3", { field: "nickname", messages: { min: "Use {length} letters or more" } }),
    ).toMatchObject({
      message: "Use 3 letters or more",
    });
  });
});

describe("validateForm", () => {
  const rules = {
    username: "required|alpha_dash|min:3|max:20",
    email: "required|email",
    password: "required|min:8|confirmed",
    password_confirmation: "required",
    city: "required",
  };

  it("gives the first message of every failing field", () => {
    const result = validateForm(
      { username: "x", email: "bad", password: "longenough", password_confirmation: "different", city: "" },
      rules,
    );
    expect(result).toEqual({
      valid: false,
      errors: {
        username: "The username field must be at least 3 characters",
        email: "Please fill in a valid email address",
        password: "The password confirmation does not match",
        city: "Please fill in your city",
      },
    });
  });

  it("passes a good form", () => {
    const values = {
      username: "velvet_rose",
      email: "rose@example.com.au",
      password: "longenough",
      password_confirmation: "longenough",
      city: "Melbourne",
    };
    expect(validateForm(values, rules)).toEqual({ valid: true, errors: {} });
  });

  it("throws a clear error when asked to validate a field the form does not have", () => {
    const run = () => validateForm({ email: "rose@example.com" }, { email: "required|email", phone: "required" });
    expect(run).toThrow(MissingFieldError);
    expect(run).toThrow('Validating a non-existent field: "phone"');
  });

  it("takes display names and messages per field", () => {
    const result = validateForm({ dob: "" }, { dob: "required" }, { names: { dob: "date of birth" }, messages: {} });
    expect(result.errors).toEqual({ dob: "The date of birth field is required" });
    expect(
      validateForm({ dob: "" }, { dob: "required" }, { messages: { dob: { required: "When were you born?" } } }).errors,
    ).toEqual({
      dob: "When were you born?",
    });
  });
});
