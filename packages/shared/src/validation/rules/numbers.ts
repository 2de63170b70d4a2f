import isLuhnNumber from "validator/lib/isLuhnNumber.js";
import { validationMessages as m } from "../messages";
import type { RuleDefinition, RuleParam } from "./types";
import { asNumber, asText, numberParam } from "./values";

/** Number rules of spec §5: numeric, integer, decimal, digits, min_value, max_value, between, credit_card. */

function numberPasses(value: unknown, check: (number: number) => boolean): boolean {
  const number = asNumber(value);
  return number !== null && check(number);
}

const integerText = /^[-+]?\d+$/;

/** decimal, decimal:* (any number of places) or decimal:n (at most n places). */
function decimalPlaces(params: readonly RuleParam[]): number | null {
  return params.length === 0 || params[0] === "*" ? null : numberParam("decimal", params);
}

/** Card numbers as people type them, spaces or dashes between the groups. */
const cardSeparators = /[\s-]+/g;
const cardDigits = /^\d{12,19}$/;

/** A payment card number: 12 to 19 digits whose Luhn check digit is right (validator.js does the sum). */
export function isCardNumber(text: string): boolean {
  const digits = text.replace(cardSeparators, "");
  return cardDigits.test(digits) && isLuhnNumber(digits);
}

export const numberRules = {
  /** A number written plainly: optional sign, digits, optional decimals ("-1.5"). */
  numeric: {
    validate: (value) => asNumber(value) !== null,
    message: () => ({ template: m.numeric }),
  },

  integer: {
    validate: (value) =>
      typeof value === "number" ? Number.isInteger(value) : integerText.test(asText(value)?.trim() ?? ""),
    message: () => ({ template: m.integer }),
  },

  decimal: {
    validate(value, params) {
      const text = asText(value)?.trim();
      if (text === undefined || asNumber(text) === null) return false;
      const places = decimalPlaces(params);
      const fraction = text.split(".")[1] ?? "";
      return places === null || fraction.length <= places;
    },
    message(params) {
      const places = decimalPlaces(params);
      return places === null ? { template: m.decimal_any } : { template: m.decimal, values: { decimals: places } };
    },
  },

  /** digits:n: exactly n digits, nothing else. */
  digits: {
    validate(value, params) {
      const text = asText(value);
      return text !== null && /^\d+$/.test(text) && text.length === numberParam("digits", params);
    },
    message: (params) => ({ template: m.digits, values: { length: numberParam("digits", params) } }),
  },

  min_value: {
    validate: (value, params) => numberPasses(value, (number) => number >= numberParam("min_value", params)),
    message: (params) => ({ template: m.min_value, values: { min: numberParam("min_value", params) } }),
  },

  max_value: {
    validate: (value, params) => numberPasses(value, (number) => number <= numberParam("max_value", params)),
    message: (params) => ({ template: m.max_value, values: { max: numberParam("max_value", params) } }),
  },

  /** between:min,max, both ends included. */
  between: {
    validate: (value, params) =>
      numberPasses(
        value,
        (number) => number >= numberParam("between", params) && number <= numberParam("between", params, 1),
      ),
    message: (params) => ({
      template: m.between,
      values: { min: numberParam("between", params), max: numberParam("between", params, 1) },
    }),
  },

  credit_card: {
    validate: (value) => {
      const text = asText(value);
      return text !== null && isCardNumber(text);
    },
    message: () => ({ template: m.credit_card }),
  },
} satisfies Record<string, RuleDefinition>;
