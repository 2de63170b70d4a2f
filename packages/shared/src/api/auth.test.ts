import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "../validation/field-errors";
import { makeRegisterRequestSchema, ZEmailSchema, ZLoginRequestSchema } from "./auth";

/**
 * Spec §5 through the schemas the forms and the API really use (the rule-string library these cases
 * came from is gone): email limits and its custom message, password length and
 * confirmation, the city's custom message, the date of birth and the first-failure wording.
 */
const today = () => "2026-06-15";
const schema = makeRegisterRequestSchema(today);

const valid = {
  username: "velvet_fan",
  email: "someone@example.com",
  password: "longenough",
  password_confirmation: "longenough",
  birthdate: "1990-01-01",
  gender: "male",
  seeking: "female",
  city: "Sydney",
  terms: true,
  altcha: undefined,
};

function errorsOf(value: Record<string, unknown>) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrorsFromZod(result.error);
}

describe("registration schema (spec §5)", () => {
  it("accepts a complete registration", () => {
    const result = schema.safeParse(valid);
    // Only the bot check may be missing here; every field rule of spec §5 passes.
    const errors = result.success ? {} : fieldErrorsFromZod(result.error);
    expect(Object.keys(errors).filter((field) => field !== "altcha")).toEqual([]);
  });

  it("words an invalid email with the custom message", () => {
    expect(errorsOf({ ...valid, email: "not-an-address" }).email).toEqual(["Please fill in a valid email address"]);
    expect(errorsOf({ ...valid, email: "" }).email).toEqual(["Please fill in a valid email address"]);
  });

  it("allows a local part of 64 characters and a domain of 254, and no more", () => {
    const label = "a".repeat(63);
    const domain254 = `${label}.${label}.${label}.${"b".repeat(59)}.au`;
    expect(domain254).toHaveLength(254);
    expect(ZEmailSchema.safeParse(`${"l".repeat(64)}@example.com`).success).toBe(true);
    expect(ZEmailSchema.safeParse(`${"l".repeat(65)}@example.com`).success).toBe(false);
    expect(ZEmailSchema.safeParse(`me@${domain254}`).success).toBe(true);
    expect(ZEmailSchema.safeParse(`me@${domain254.replace(".au", "b.au")}`).success).toBe(false);
  });

  it("wants a password of at least eight characters that matches its confirmation", () => {
    expect(errorsOf({ ...valid, password: "short", password_confirmation: "short" }).password).toEqual([
      "The password field must be at least 8 characters",
    ]);
    expect(errorsOf({ ...valid, password_confirmation: "different" }).password_confirmation).toEqual([
      "The password confirmation does not match.",
    ]);
  });

  it("words an empty city with the custom message", () => {
    expect(errorsOf({ ...valid, city: "" }).city).toEqual(["Please fill in your city"]);
    expect(errorsOf({ ...valid, city: undefined }).city).toEqual(["Please fill in your city"]);
  });

  it("words required fields and length limits from the catalogue", () => {
    expect(errorsOf({ ...valid, username: undefined }).username).toEqual(["The username field is required"]);
    expect(errorsOf({ ...valid, username: "ab" }).username).toEqual([
      "The username field must be at least 3 characters",
    ]);
    expect(errorsOf({ ...valid, username: "a".repeat(21) }).username).toEqual([
      "The username field may not be greater than 20 characters",
    ]);
  });

  it("takes a real date of birth, 18 to 100 years back (the date input's min and max)", () => {
    expect(errorsOf({ ...valid, birthdate: "1990-02-30" }).birthdate).toEqual(["Please enter a valid date of birth."]);
    expect(errorsOf({ ...valid, birthdate: "2008-06-15" }).birthdate).toBeUndefined();
    expect(errorsOf({ ...valid, birthdate: "2008-06-16" }).birthdate).toEqual(["You must be at least 18 years old."]);
    expect(errorsOf({ ...valid, birthdate: "1925-06-16" }).birthdate).toBeUndefined();
    expect(errorsOf({ ...valid, birthdate: "1925-06-15" }).birthdate).toEqual(["Please enter a valid date of birth."]);
  });
});

describe("login schema", () => {
  it("needs an email and a password", () => {
    const result = ZLoginRequestSchema.safeParse({ email: "someone@example.com", password: "" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsFromZod(result.error).password).toEqual(["The password field is required"]);
  });
});
