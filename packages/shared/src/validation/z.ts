import { z } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";
import { humanFieldName } from "./field-name";
import { fillMessage, validationMessages as m } from "./messages";

/**
 * zod configured with the site's English catalogue. Every schema in this package
 * imports `z` from here, so the browser and the server word failures the same way.
 */
function englishMessage(issue: $ZodRawIssue): string {
  const field = humanFieldName(issue.path ?? []);
  const say = (template: string, values: Record<string, string | number> = {}) =>
    fillMessage(template, { field, ...values });

  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return say(m.required);
      const expected = issue.expected;
      if (expected === "string") return say(m.string);
      if (expected === "number" || expected === "bigint") return say(m.numeric);
      if (expected === "int") return say(m.integer);
      if (expected === "boolean") return say(m.boolean);
      if (expected === "array") return say(m.array);
      if (expected === "object") return say(m.object);
      return say(m.invalid);
    }
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 ? say(m.required) : say(m.min, { length: minimum });
      if (issue.origin === "array" || issue.origin === "set") return say(m.min_items, { length: minimum });
      return say(m.min_value, { min: minimum });
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return say(m.max, { length: maximum });
      if (issue.origin === "array" || issue.origin === "set") return say(m.max_items, { length: maximum });
      return say(m.max_value, { max: maximum });
    }
    case "invalid_format": {
      if (issue.format === "email") return say(m.email);
      if (issue.format === "url") return say(m.url);
      if (issue.format === "uuid" || issue.format === "guid") return say(m.uuid);
      if (issue.format === "date") return say(m.date_format);
      return say(m.regex);
    }
    case "invalid_value":
    case "invalid_union":
      return issue.input === undefined || issue.input === null ? say(m.required) : say(m.included);
    case "not_multiple_of":
      return say(m.integer);
    case "unrecognized_keys":
      return fillMessage(m.unknown_field, { field: issue.keys.join(", ") });
    default:
      return say(m.invalid);
  }
}

z.config({ customError: englishMessage });

export { z };
