import { validationMessages as m } from "./messages";
import type { RuleName } from "./rules/registry";

export type RuleMessages = Partial<Record<RuleName, string>>;

/**
 * The per-field wording of spec §5 that replaces a rule's generic message:
 * an invalid email and an empty city. validate() and validateForm() apply it
 * to fields of these names unless the caller words them otherwise.
 */
export const customFieldMessages: Readonly<Record<string, RuleMessages>> = {
  email: { email: m.custom_email },
  city: { required: m.custom_city },
};
