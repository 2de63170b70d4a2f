import { isRuleName, type RuleName } from "./rules/registry";
import type { ParsedRule, RuleParam } from "./rules/types";
import { UnknownRuleError } from "./validator-errors";

/**
 * How a field's rules are written: a rule string ("required|min:3|between:1,10")
 * or an object ({ required: true, min: 3, between: [1, 10], regex: /^[a-z]+$/ }).
 * In the object form `false`, null or undefined leave a rule out, so a rule can
 * be switched on a condition.
 */
export type RuleSpec = boolean | RuleParam | readonly RuleParam[] | null | undefined;
export type RuleObject = Partial<Record<RuleName, RuleSpec>>;
export type Rules = string | RuleObject | readonly ParsedRule[];

function checked(name: string, params: readonly RuleParam[]): ParsedRule {
  if (!isRuleName(name)) throw new UnknownRuleError(name);
  return { name, params };
}

/** Rules whose one parameter is a pattern ("regex:^a,b$", "date_format:MMM d, yyyy"), taken whole. */
const wholeParamRules = new Set(["regex", "date_format"]);

function parseRuleString(rules: string): ParsedRule[] {
  return rules
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => {
      const colon = part.indexOf(":");
      if (colon < 0) return checked(part, []);
      const name = part.slice(0, colon).trim();
      const rest = part.slice(colon + 1);
      // A pattern may hold commas; only `|` cannot be written in a rule string (use the object form).
      return checked(name, wholeParamRules.has(name) ? [rest] : rest.split(",").map((param) => param.trim()));
    });
}

function parseRuleObject(rules: RuleObject): ParsedRule[] {
  const parsed: ParsedRule[] = [];
  for (const [name, spec] of Object.entries(rules) as Array<[string, RuleSpec]>) {
    if (spec === false || spec === null || spec === undefined) continue;
    const params: readonly RuleParam[] = spec === true ? [] : Array.isArray(spec) ? spec : [spec as RuleParam];
    parsed.push(checked(name, params));
  }
  return parsed;
}

/** The rules in the order they run, each name checked against the registry. */
export function parseRules(rules: Rules): ParsedRule[] {
  if (typeof rules === "string") return parseRuleString(rules);
  if (Array.isArray(rules)) return (rules as readonly ParsedRule[]).map((rule) => checked(rule.name, rule.params));
  return parseRuleObject(rules as RuleObject);
}
