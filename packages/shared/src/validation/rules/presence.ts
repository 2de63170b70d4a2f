import { validationMessages as m } from "../messages";
import type { RuleDefinition, RuleParam } from "./types";
import { asText, firstParam, isEmpty, otherField, stringParam } from "./values";

/** Presence and equality rules of spec §5: required, required_if, confirmed, is, is_not, included, excluded. */

function sameValue(value: unknown, param: RuleParam): boolean {
  if (value === param) return true;
  const text = asText(value) ?? (typeof value === "boolean" ? String(value) : null);
  return text !== null && text === String(param);
}

function oneOf(value: unknown, params: readonly RuleParam[]): boolean {
  return params.some((param) => sameValue(value, param));
}

/** Multi-selects send a list: every chosen item must pass. */
function everyItem(value: unknown, check: (item: unknown) => boolean): boolean {
  return Array.isArray(value) ? value.every(check) : check(value);
}

export const presenceRules = {
  required: {
    computesRequired: true,
    validate: (value) => !isEmpty(value),
    message: () => ({ template: m.required }),
  },

  /** required_if:other[,values…]: required while `other` holds one of the values (or anything, with none given). */
  required_if: {
    computesRequired: true,
    validate(value, params, context) {
      const target = otherField(context, stringParam("required_if", params));
      const expected = params.slice(1);
      const applies = expected.length === 0 ? !isEmpty(target) : oneOf(target, expected);
      return !applies || !isEmpty(value);
    },
    message: () => ({ template: m.required }),
  },

  /** confirmed[:other]: equal to `other`, by default the field's `_confirmation` twin (password -> password_confirmation). */
  confirmed: {
    validate(value, params, context) {
      const target = params.length > 0 ? stringParam("confirmed", params) : `${context.field}_confirmation`;
      return otherField(context, target) === value;
    },
    message: () => ({ template: m.confirmed }),
  },

  is: {
    validate: (value, params) => sameValue(value, firstParam("is", params)),
    message: () => ({ template: m.is }),
  },

  is_not: {
    validate: (value, params) => !sameValue(value, firstParam("is_not", params)),
    message: () => ({ template: m.is_not }),
  },

  included: {
    validate: (value, params) => everyItem(value, (item) => oneOf(item, params)),
    message: () => ({ template: m.included }),
  },

  excluded: {
    validate: (value, params) => everyItem(value, (item) => !oneOf(item, params)),
    message: () => ({ template: m.excluded }),
  },
} satisfies Record<string, RuleDefinition>;
