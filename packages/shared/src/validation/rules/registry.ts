import { dateRules } from "./dates";
import { fileRules } from "./files";
import { numberRules } from "./numbers";
import { presenceRules } from "./presence";
import { textRules } from "./text";
import type { RuleDefinition } from "./types";

/** Every rule by its name in rule strings ("required|min:3"). */
export const ruleRegistry = {
  ...presenceRules,
  ...textRules,
  ...numberRules,
  ...dateRules,
  ...fileRules,
} satisfies Record<string, RuleDefinition>;

export type RuleName = keyof typeof ruleRegistry;

export function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(ruleRegistry, name);
}
