import { customFieldMessages, type RuleMessages } from "./custom-messages";
import { humanFieldName } from "./field-name";
import { fillMessage } from "./messages";
import { parseRules, type Rules } from "./parse-rules";
import { ruleRegistry } from "./rules/registry";
import type { ParsedRule, RuleContext, RuleDefinition } from "./rules/types";
import { isEmpty } from "./rules/values";
import { MissingFieldError } from "./validator-errors";

export type ValidationResult = { valid: true } | { valid: false; rule: string; message: string };

export interface ValidateOptions {
  /** The field's key: names it in messages and finds its custom messages and `_confirmation` twin. */
  field?: string;
  /** The name messages use instead of the one made from the key ("date of birth"). */
  name?: string;
  /** The other values of the form, for rules that compare fields. */
  form?: Readonly<Record<string, unknown>>;
  /** Wording per rule for this field, over the catalogue and customFieldMessages. */
  messages?: RuleMessages;
}

function runRules(value: unknown, rules: readonly ParsedRule[], options: ValidateOptions): ValidationResult {
  const field = options.field ?? "";
  const context: RuleContext = { field, value, rules, form: { ...options.form, ...(field ? { [field]: value } : {}) } };
  const wording: Record<string, string | undefined> = { ...customFieldMessages[field], ...options.messages };
  // An empty optional field passes: only rules that decide whether a value is needed look at it.
  const empty = isEmpty(value);
  for (const rule of rules) {
    const definition: RuleDefinition = ruleRegistry[rule.name as keyof typeof ruleRegistry];
    if (empty && !definition.computesRequired) continue;
    if (definition.validate(value, rule.params, context)) continue;
    // Fast exit (spec §5): the first failing rule is the field's one message.
    const { template, values } = definition.message(rule.params, context);
    const name = options.name ?? humanFieldName(field ? [field] : []);
    return {
      valid: false,
      rule: rule.name,
      message: fillMessage(wording[rule.name] ?? template, { ...values, field: name }),
    };
  }
  return { valid: true };
}

/**
 * One value against its rules, in English (locale en), stopping at the first
 * failure: validate("ab", "required|min:3", { field: "username" }).
 * An unknown rule throws UnknownRuleError ('No such validator exists'); a rule
 * naming a field the form does not have throws MissingFieldError.
 */
export function validate(value: unknown, rules: Rules, options: ValidateOptions = {}): ValidationResult {
  return runRules(value, parseRules(rules), options);
}

export interface ValidateFormOptions {
  messages?: Readonly<Record<string, RuleMessages>>;
  names?: Readonly<Record<string, string>>;
}

export interface FormValidationResult {
  valid: boolean;
  /** The first message of each failing field: the shape forms and the 422 envelope's first messages share. */
  errors: Record<string, string>;
}

/**
 * Every field of a form against its rules. Asking to validate a field the form
 * does not have throws MissingFieldError (spec §8) before any rule runs.
 */
export function validateForm(
  values: Readonly<Record<string, unknown>>,
  rulesByField: Readonly<Record<string, Rules>>,
  options: ValidateFormOptions = {},
): FormValidationResult {
  const plan = Object.entries(rulesByField).map(([field, rules]) => {
    if (!Object.hasOwn(values, field)) throw new MissingFieldError(field);
    return { field, rules: parseRules(rules) };
  });
  const errors: Record<string, string> = {};
  for (const { field, rules } of plan) {
    const result = runRules(values[field], rules, {
      field,
      form: values,
      name: options.names?.[field],
      messages: options.messages?.[field],
    });
    if (!result.valid) errors[field] = result.message;
  }
  return { valid: Object.keys(errors).length === 0, errors };
}
