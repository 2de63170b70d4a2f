import type { RuleObject } from "./parse-rules";

/**
 * An input's constraint attributes, as the DOM reports them: minLength and
 * maxLength are -1 when absent, pattern, min and max are "" when absent.
 */
export interface NativeAttributes {
  required?: boolean;
  type?: string;
  multiple?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
}

function present(limit: string | number | undefined): limit is string | number {
  return limit !== undefined && limit !== "";
}

function numericLimit(limit: string | number | undefined): number | undefined {
  if (!present(limit)) return undefined;
  const number = Number(limit);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The browser's `pattern` must match the whole value, in unicode mode (HTML
 * standard); an invalid pattern is ignored, as the browser ignores it.
 */
function nativePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`, "u");
  } catch {
    return undefined;
  }
}

/**
 * Native input attributes become rules automatically (spec §5): required,
 * type email (and url), pattern, minlength, maxlength, number min and max;
 * also a date input's min and max and a time input's hours and minutes.
 */
export function rulesFromNativeAttributes(attributes: NativeAttributes): RuleObject {
  const rules: RuleObject = {};
  const type = (attributes.type ?? "text").toLowerCase();
  if (attributes.required) rules.required = true;
  if (type === "email") rules.email = attributes.multiple ? "multiple" : true;
  if (type === "url") rules.url = true;
  if (type === "time") rules.time = true;
  if (attributes.pattern) {
    const pattern = nativePattern(attributes.pattern);
    if (pattern) rules.regex = pattern;
  }
  if (attributes.minLength !== undefined && attributes.minLength > 0) rules.min = attributes.minLength;
  if (attributes.maxLength !== undefined && attributes.maxLength >= 0) rules.max = attributes.maxLength;
  if (type === "number" || type === "range") {
    rules.numeric = true;
    const min = numericLimit(attributes.min);
    const max = numericLimit(attributes.max);
    if (min !== undefined) rules.min_value = min;
    if (max !== undefined) rules.max_value = max;
  }
  if (type === "date") {
    rules.date_format = true;
    if (present(attributes.min)) rules.after = [String(attributes.min), "inclusive"];
    if (present(attributes.max)) rules.before = [String(attributes.max), "inclusive"];
  }
  return rules;
}
