import { format, isValid, parse } from "date-fns";
import { type ClockMode, isoDateFormat, parseTimeInput } from "../date-limits";
import { humanFieldName } from "../field-name";
import { validationMessages as m } from "../messages";
import type { RuleContext, RuleDefinition, RuleParam } from "./types";
import { asText, otherField, stringParam } from "./values";

/**
 * Date rules of spec §5: date_format, after, before, date_between, and the
 * time input's limits. Formats are date-fns patterns ("dd/MM/yyyy"); a field
 * without a date_format rule holds native date input values (yyyy-MM-dd).
 */

const referenceDate = new Date(2000, 0, 1);

/** The date `text` names in `pattern`, or null. Formatting it back must give the same text, so 31/02 never rolls over. */
export function parseDate(text: string, pattern: string): Date | null {
  const date = parse(text, pattern, referenceDate);
  return isValid(date) && format(date, pattern) === text ? date : null;
}

function fieldFormat(context: RuleContext): string {
  const rule = context.rules.find((candidate) => candidate.name === "date_format");
  const param = rule?.params[0];
  return typeof param === "string" && param !== "" ? param : isoDateFormat;
}

function valueDate(value: unknown, context: RuleContext): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  const text = asText(value);
  return text === null ? null : parseDate(text.trim(), fieldFormat(context));
}

interface Target {
  date: Date | null;
  /** How the message names it: the date as written, or the other field's name. */
  label: string;
}

/** A limit: a date in the field's format, or else the name of another field whose date it is. */
function resolveTarget(param: RuleParam | undefined, context: RuleContext, rule: string): Target {
  if (param instanceof Date) return { date: isValid(param) ? param : null, label: format(param, fieldFormat(context)) };
  const text = stringParam(rule, param === undefined ? [] : [param]);
  const literal = parseDate(text, fieldFormat(context));
  if (literal) return { date: literal, label: text };
  return { date: valueDate(otherField(context, text), context), label: humanFieldName([text]) };
}

function isInclusive(param: RuleParam | undefined): boolean {
  return param === true || param === "true" || param === "inclusive";
}

/** date_between's ends: "[]" both included (the default), "()" neither, "[)" or "(]" one. */
function endsIncluded(param: RuleParam | undefined): { start: boolean; end: boolean } {
  const ends = param === undefined ? "[]" : String(param);
  if (!/^[[(][\])]$/.test(ends)) throw new Error(`The date_between rule takes [], (), [) or (], got ${ends}`);
  return { start: ends[0] === "[", end: ends[1] === "]" };
}

function compare(date: Date, target: Date): number {
  return date.getTime() - target.getTime();
}

export const dateRules = {
  /** date_format[:pattern]; without a pattern, yyyy-MM-dd with the catalogue's existing wording. */
  date_format: {
    validate(value, params) {
      const text = asText(value);
      const pattern = params.length > 0 ? stringParam("date_format", params) : isoDateFormat;
      return text !== null && parseDate(text.trim(), pattern) !== null;
    },
    message: (params) =>
      params.length > 0
        ? { template: m.date_format_pattern, values: { format: stringParam("date_format", params) } }
        : { template: m.date_format },
  },

  /** after:target[,inclusive] */
  after: {
    validate(value, params, context) {
      const date = valueDate(value, context);
      const { date: target } = resolveTarget(params[0], context, "after");
      if (!date || !target) return false;
      return isInclusive(params[1]) ? compare(date, target) >= 0 : compare(date, target) > 0;
    },
    message: (params, context) => ({
      template: isInclusive(params[1]) ? m.after_or_equal : m.after,
      values: { target: resolveTarget(params[0], context, "after").label },
    }),
  },

  /** before:target[,inclusive] */
  before: {
    validate(value, params, context) {
      const date = valueDate(value, context);
      const { date: target } = resolveTarget(params[0], context, "before");
      if (!date || !target) return false;
      return isInclusive(params[1]) ? compare(date, target) <= 0 : compare(date, target) < 0;
    },
    message: (params, context) => ({
      template: isInclusive(params[1]) ? m.before_or_equal : m.before,
      values: { target: resolveTarget(params[0], context, "before").label },
    }),
  },

  /** date_between:min,max[,ends] */
  date_between: {
    validate(value, params, context) {
      const date = valueDate(value, context);
      const { date: start } = resolveTarget(params[0], context, "date_between");
      const { date: end } = resolveTarget(params[1], context, "date_between");
      if (!date || !start || !end) return false;
      const included = endsIncluded(params[2]);
      const afterStart = included.start ? compare(date, start) >= 0 : compare(date, start) > 0;
      const beforeEnd = included.end ? compare(date, end) <= 0 : compare(date, end) < 0;
      return afterStart && beforeEnd;
    },
    message: (params, context) => ({
      template: m.date_between,
      values: {
        min: resolveTarget(params[0], context, "date_between").label,
        max: resolveTarget(params[1], context, "date_between").label,
      },
    }),
  },

  /** time[:12]: a time input's value; hours 0–23, or 1–12 in 12-hour mode; minutes 0–59. */
  time: {
    validate(value, params) {
      const mode: ClockMode = params[0] === 12 || params[0] === "12" ? "12h" : "24h";
      const text = asText(value);
      return text !== null && parseTimeInput(text, mode) !== null;
    },
    message: () => ({ template: m.time }),
  },
} satisfies Record<string, RuleDefinition>;
