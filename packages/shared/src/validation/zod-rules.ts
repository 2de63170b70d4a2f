import { humanFieldName } from "./field-name";
import { parseRules, type Rules } from "./parse-rules";
import { validate } from "./validate";
import { z } from "./z";

/**
 * The shared rules inside a zod schema, worded from the catalogue with the
 * field's name: z.string().check(ruleCheck("credit_card")). For rules on one
 * value; rules that compare fields (confirmed, required_if, after:other) need
 * the whole form and belong to validateForm.
 */
export function ruleCheck<T>(rules: Rules) {
  // Parsed once, when the schema is built, so an unknown rule fails at start-up rather than on a request.
  const parsed = parseRules(rules);
  return z.refine<T>((value) => validate(value, parsed).valid, {
    error: (issue) => {
      const path = issue.path ?? [];
      const key = path.findLast((segment): segment is string => typeof segment === "string");
      const result = validate(issue.input, parsed, { field: key, name: humanFieldName(path) });
      return result.valid ? undefined : result.message;
    },
  });
}
