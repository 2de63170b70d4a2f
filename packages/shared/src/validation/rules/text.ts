import isEmail from "validator/lib/isEmail.js";
import isFQDN from "validator/lib/isFQDN.js";
import isIP from "validator/lib/isIP.js";
import isURL from "validator/lib/isURL.js";
import { limits } from "../../constants/limits";
import { validationMessages as m } from "../messages";
import type { RuleDefinition, RuleMessage, RuleParam } from "./types";
import { asText, numberParam } from "./values";

/** Text rules of spec §5: email, min, max, length, the alpha family, regex, url, ip, ip_or_fqdn. */

const dnsLabelMax = 63;

/**
 * One address: validator.js's syntax check, with spec §5's own limits (local
 * part ≤ 64, domain ≤ 254) instead of its 254-character cap on the whole
 * address, which would refuse addresses the spec allows.
 */
export function isEmailAddress(address: string): boolean {
  if (!isEmail(address, { ignore_max_length: true })) return false;
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  return (
    at <= limits.emailLocalPartMax &&
    domain.length <= limits.emailDomainMax &&
    domain.split(".").every((label) => label.length <= dnsLabelMax)
  );
}

function textPasses(value: unknown, check: (text: string) => boolean): boolean {
  const text = asText(value);
  return text !== null && check(text);
}

function patternOf(param: RuleParam | undefined): RegExp {
  if (param instanceof RegExp) {
    // A shared global or sticky regex remembers lastIndex between calls; a copy without those flags does not.
    return new RegExp(param.source, param.flags.replace(/[gy]/g, ""));
  }
  if (typeof param === "string" && param !== "") return new RegExp(param);
  throw new Error(`The regex rule needs a pattern, got ${String(param)}`);
}

// Locale en (spec §5): the English alphabet only.
const alphabetic = /^[A-Za-z]+$/;
const alphaNumeric = /^[A-Za-z0-9]+$/;
const alphaDash = /^[A-Za-z0-9_-]+$/;
const alphaSpaces = /^[A-Za-z\s]+$/;

export const textRules = {
  /** email[:multiple]: one address, or with `multiple` a comma-separated list of them. */
  email: {
    validate: (value, params) =>
      textPasses(value, (text) => {
        const addresses = params[0] === "multiple" ? text.split(",").map((part) => part.trim()) : [text.trim()];
        return addresses.every(isEmailAddress);
      }),
    message: () => ({ template: m.email }),
  },

  min: {
    validate: (value, params) => textPasses(value, (text) => text.length >= numberParam("min", params)),
    message: (params) => ({ template: m.min, values: { length: numberParam("min", params) } }),
  },

  max: {
    validate: (value, params) => textPasses(value, (text) => text.length <= numberParam("max", params)),
    message: (params) => ({ template: m.max, values: { length: numberParam("max", params) } }),
  },

  /** length:n (exactly n) or length:n,max (n to max); a list counts its items. */
  length: {
    validate(value, params) {
      const size = Array.isArray(value) ? value.length : asText(value)?.length;
      if (size === undefined) return false;
      const least = numberParam("length", params);
      const most = params.length > 1 ? numberParam("length", params, 1) : least;
      return size >= least && size <= most;
    },
    message(params, context): RuleMessage {
      const length = numberParam("length", params);
      if (params.length > 1)
        return { template: m.length_between, values: { min: length, max: numberParam("length", params, 1) } };
      return { template: Array.isArray(context.value) ? m.length_items : m.length, values: { length } };
    },
  },

  alpha: {
    validate: (value) => textPasses(value, (text) => alphabetic.test(text)),
    message: () => ({ template: m.alpha }),
  },

  alpha_num: {
    validate: (value) => textPasses(value, (text) => alphaNumeric.test(text)),
    message: () => ({ template: m.alpha_num }),
  },

  alpha_dash: {
    validate: (value) => textPasses(value, (text) => alphaDash.test(text)),
    message: () => ({ template: m.alpha_dash }),
  },

  alpha_spaces: {
    validate: (value) => textPasses(value, (text) => alphaSpaces.test(text)),
    message: () => ({ template: m.alpha_spaces }),
  },

  /** regex:pattern; in a rule string the pattern is everything after the colon, commas included. */
  regex: {
    validate: (value, params) => textPasses(value, (text) => patternOf(params[0]).test(text)),
    message: () => ({ template: m.regex }),
  },

  /** http, https or ftp, host with a TLD, at most 2083 characters (spec §5). */
  url: {
    validate: (value) => textPasses(value, (text) => isURL(text, { max_allowed_length: limits.urlMax })),
    message: () => ({ template: m.url }),
  },

  /** ip[:4|6]: either version unless one is named. */
  ip: {
    validate: (value, params) => textPasses(value, (text) => isIP(text, ipVersion(params[0]))),
    message: () => ({ template: m.ip }),
  },

  ip_or_fqdn: {
    validate: (value) => textPasses(value, (text) => isIP(text) || isFQDN(text)),
    message: () => ({ template: m.ip_or_fqdn }),
  },
} satisfies Record<string, RuleDefinition>;

function ipVersion(param: RuleParam | undefined): 4 | 6 | undefined {
  if (param === undefined || param === "any") return undefined;
  const version = Number(param);
  if (version === 4 || version === 6) return version;
  throw new Error(`The ip rule takes 4, 6 or any, got ${String(param)}`);
}
