import { validationMessages } from "@velvet/shared/validation/messages";
import { describe, expect, it } from "vitest";
import docs from "../../../../docs/validation.md?raw";

/** Entries the docs name as a group ("must be a string / a number / …") rather than quote whole. */
const typeMessages = new Set(["string", "numeric", "integer", "boolean", "array", "object"]);

describe("docs/validation.md", () => {
  it("quotes every message of the catalogue exactly", () => {
    const missing = Object.entries(validationMessages)
      .filter(([key, message]) => !typeMessages.has(key) && !docs.includes(message))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});
