import { validationMessages } from "@velvet/shared/validation/messages";
import { describe, expect, it } from "vitest";
import docs from "../../../../docs/validation.md?raw";

/** Catalogue entries only zod's error map uses (z.ts); docs/validation.md lists the rule library's. */
const zodOnly = new Set([
  "string",
  "boolean",
  "array",
  "object",
  "uuid",
  "min_items",
  "max_items",
  "accepted",
  "invalid",
  "unknown_field",
  "taken",
]);

describe("docs/validation.md", () => {
  it("quotes every message of the rule library exactly", () => {
    const missing = Object.entries(validationMessages)
      .filter(([key, message]) => !zodOnly.has(key) && !docs.includes(message))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});
