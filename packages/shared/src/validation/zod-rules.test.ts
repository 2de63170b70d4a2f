import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "./field-errors";
import { z } from "./z";
import { ruleCheck } from "./zod-rules";

describe("shared rules inside zod schemas", () => {
  const schema = z.object({
    card_number: z.string().check(ruleCheck("credit_card")),
    server: z.string().check(ruleCheck("ip_or_fqdn")),
    email: z.string().check(ruleCheck("email")),
  });

  function errorsOf(value: unknown) {
    const result = schema.safeParse(value);
    return result.success ? {} : fieldErrorsFromZod(result.error);
  }

  it("passes what the rules pass", () => {
    expect(errorsOf({ card_number: "4111 1111 1111 1111", server: "203.0.113.7", email: "a@example.com" })).toEqual({});
  });

  it("words failures from the catalogue with the field's name, custom messages included", () => {
    expect(errorsOf({ card_number: "4111 1111 1111 1112", server: "nope", email: "bad" })).toEqual({
      card_number: ["The card number field must be a valid card number"],
      server: ["The server field must be a valid IP address or domain name"],
      email: ["Please fill in a valid email address"],
    });
  });

  it("refuses an unknown rule when the schema is built", () => {
    expect(() => ruleCheck("shoe_size")).toThrow("No such validator exists");
  });
});
