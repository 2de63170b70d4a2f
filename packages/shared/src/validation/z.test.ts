import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod, firstErrorPerField } from "./field-errors";
import { humanFieldName } from "./field-name";
import { z } from "./z";

function errorsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return fieldErrorsFromZod(result.error);
}

describe("English validation messages", () => {
  const schema = z.object({
    password: z.string().min(8).max(128),
    email: z.email(),
    username: z.string().min(3).max(20),
    age: z.number().int().min(18).max(100),
    terms: z.literal(true),
    birthdate: z.iso.date(),
  });

  it("words required, min, max and type failures as spec §5", () => {
    expect(errorsOf(schema, {})).toMatchObject({
      password: ["The password field is required"],
      email: ["The email field is required"],
      age: ["The age field is required"],
    });
    expect(errorsOf(schema, { password: "short" }).password).toEqual([
      "The password field must be at least 8 characters",
    ]);
    expect(errorsOf(schema, { password: "x".repeat(129) }).password).toEqual([
      "The password field may not be greater than 128 characters",
    ]);
    expect(errorsOf(schema, { email: "nope" }).email).toEqual(["The email field must be a valid email"]);
    expect(errorsOf(schema, { age: 17 }).age).toEqual(["The age field must be 18 or more"]);
    expect(errorsOf(schema, { age: 101 }).age).toEqual(["The age field must be 100 or less"]);
    expect(errorsOf(schema, { age: "x" }).age).toEqual(["The age field must be a number"]);
    expect(errorsOf(schema, { terms: false }).terms).toEqual(["The terms field must be a valid value"]);
    expect(errorsOf(schema, { birthdate: "21/11/2000" }).birthdate).toEqual([
      "The birthdate field must be a valid date (YYYY-MM-DD)",
    ]);
  });

  it("treats an empty string as missing", () => {
    expect(errorsOf(z.object({ city: z.string().min(1) }), { city: "" }).city).toEqual(["The city field is required"]);
  });

  it("lets a schema's own message win (spec §5 custom messages)", () => {
    const custom = z.object({ email: z.email({ error: "Please fill in a valid email address" }) });
    expect(errorsOf(custom, { email: "bad" }).email).toEqual(["Please fill in a valid email address"]);
  });

  it("names nested and snake_case fields like a person would", () => {
    expect(humanFieldName(["password_confirmation"])).toBe("password confirmation");
    expect(humanFieldName(["campaign", "tracking_id"])).toBe("tracking id");
    expect(humanFieldName(["photos", 0])).toBe("photos");
    const nested = z.object({ campaign: z.object({ s1: z.string() }) });
    expect(errorsOf(nested, { campaign: {} })).toEqual({ "campaign.s1": ["The s1 field is required"] });
  });

  it("keeps the first server message per field for forms", () => {
    expect(firstErrorPerField({ email: ["first", "second"], city: "only" })).toEqual({ email: "first", city: "only" });
  });
});
