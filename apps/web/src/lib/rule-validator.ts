import type { Rules } from "@velvet/shared/validation/parse-rules";
import { parseRules } from "@velvet/shared/validation/parse-rules";
import { type ValidateOptions, validate } from "@velvet/shared/validation/validate";
import type { FieldValues } from "react-hook-form";

/**
 * Shared rules as a react-hook-form `validate` function, so a field checked on
 * input (our forms run in mode onChange) gets the same English message as the
 * server: register("username", { validate: ruleValidator("username", "required|min:3") }).
 * The whole form's values reach rules that compare fields (confirmed, after:other).
 */
export function ruleValidator(field: string, rules: Rules, options: Omit<ValidateOptions, "field" | "form"> = {}) {
  // Parsed once, when the form is built, so an unknown rule fails on the first render, not the first keystroke.
  const parsed = parseRules(rules);
  return (value: unknown, values: FieldValues): true | string => {
    const result = validate(value, parsed, { ...options, field, form: values });
    return result.valid ? true : result.message;
  };
}
