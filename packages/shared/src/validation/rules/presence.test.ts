import { describe, expect, it } from "vitest";
import { type ValidateOptions, validate } from "../validate";
import { MissingFieldError } from "../validator-errors";

function messageOf(value: unknown, rules: string, options: ValidateOptions = {}): string | null {
  const result = validate(value, rules, { field: "answer", ...options });
  return result.valid ? null : result.message;
}

describe("required", () => {
  it("fails on nothing filled in, with the catalogue message", () => {
    for (const empty of [undefined, null, "", "   ", [], false]) {
      expect(messageOf(empty, "required")).toBe("The answer field is required");
    }
  });

  it("passes on any value, including 0 and a ticked box", () => {
    for (const value of ["x", 0, true, ["a"]]) expect(messageOf(value, "required")).toBeNull();
  });
});

describe("required_if", () => {
  const form = { contact: "email", other: "" };

  it("requires the field while the other field holds one of the values", () => {
    expect(messageOf("", "required_if:contact,email,phone", { form })).toBe("The answer field is required");
    expect(messageOf("me@example.com", "required_if:contact,email,phone", { form })).toBeNull();
  });

  it("leaves it optional otherwise; with no values, whenever the other field is filled", () => {
    expect(messageOf("", "required_if:contact,post", { form })).toBeNull();
    expect(messageOf("", "required_if:contact", { form })).toBe("The answer field is required");
    expect(messageOf("", "required_if:other", { form })).toBeNull();
  });

  it("throws when the other field is not in the form", () => {
    expect(() => validate("", "required_if:missing,x", { form })).toThrow(MissingFieldError);
  });
});

describe("confirmed", () => {
  it("compares with the field's _confirmation twin by default", () => {
    const form = { password: "secret-123", password_confirmation: "secret-124" };
    expect(messageOf("secret-123", "confirmed", { field: "password", form })).toBe(
      "The password confirmation does not match",
    );
    expect(
      messageOf("secret-123", "confirmed", { field: "password", form: { password_confirmation: "secret-123" } }),
    ).toBeNull();
  });

  it("compares with a named field", () => {
    const form = { email: "a@example.com" };
    expect(messageOf("a@example.com", "confirmed:email", { field: "email_again", form })).toBeNull();
    expect(messageOf("b@example.com", "confirmed:email", { field: "email_again", form })).toBe(
      "The email again confirmation does not match",
    );
  });

  it("throws 'Validating a non-existent field' when the twin is not in the form", () => {
    expect(() => validate("x", "confirmed", { field: "password" })).toThrow(
      'Validating a non-existent field: "password_confirmation"',
    );
  });
});

describe("is and is_not", () => {
  it("is: the value must equal the parameter", () => {
    expect(messageOf("DELETE", "is:DELETE")).toBeNull();
    expect(messageOf("delete", "is:DELETE")).toBe("The answer field value is not valid");
    expect(validate(5, { is: 5 }).valid).toBe(true);
  });

  it("is_not: the value must differ from the parameter", () => {
    expect(messageOf("new-password", "is_not:old-password")).toBeNull();
    expect(messageOf("old-password", "is_not:old-password")).toBe("The answer field value is not valid");
  });
});

describe("included and excluded", () => {
  it("included: one of the listed values (every item of a list)", () => {
    expect(messageOf("woman", "included:man,woman,couple")).toBeNull();
    expect(messageOf("robot", "included:man,woman,couple")).toBe("The answer field must be a valid value");
    expect(validate(["man", "robot"], { included: ["man", "woman"] }).valid).toBe(false);
    expect(validate(3, { included: [1, 2, 3] }).valid).toBe(true);
  });

  it("excluded: none of the listed values", () => {
    expect(messageOf("alice", "excluded:admin,root")).toBeNull();
    expect(messageOf("admin", "excluded:admin,root")).toBe("The answer field must be a valid value");
  });
});
