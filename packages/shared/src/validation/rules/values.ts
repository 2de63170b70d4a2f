import { MissingFieldError } from "../validator-errors";
import type { RuleContext, RuleParam } from "./types";

/** Nothing filled in: no value, blank text, an empty list (or FileList) or an unticked box. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "object" && "length" in value) return (value as ArrayLike<unknown>).length === 0;
  return false;
}

/** The value as text when it is text or a number; anything else (a file, an object) is not text. */
export function asText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

const plainNumber = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** A number written plainly ("-1.5", "42"), or a finite number; no exponents, hex or blanks. */
export function asNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && plainNumber.test(value.trim())) return Number(value.trim());
  return null;
}

/** A misconfigured rule is a programmer's mistake, not a member's: it throws instead of failing the field. */
function badParam(rule: string, index: number, param: RuleParam | undefined): never {
  throw new Error(`The ${rule} rule needs a valid parameter ${index + 1}, got ${String(param)}`);
}

export function firstParam(rule: string, params: readonly RuleParam[]): RuleParam {
  const param = params[0];
  return param === undefined ? badParam(rule, 0, param) : param;
}

export function numberParam(rule: string, params: readonly RuleParam[], index = 0): number {
  const number = asNumber(params[index]);
  return number === null ? badParam(rule, index, params[index]) : number;
}

export function stringParam(rule: string, params: readonly RuleParam[], index = 0): string {
  const param = params[index];
  if (param === undefined || param === "" || param instanceof RegExp) return badParam(rule, index, param);
  return param instanceof Date ? param.toISOString() : String(param);
}

/** Another field of the form; asking for one that is not there is the §8 "non-existent field" failure. */
export function otherField(context: RuleContext, name: string): unknown {
  if (!Object.hasOwn(context.form, name)) throw new MissingFieldError(name);
  return context.form[name];
}
