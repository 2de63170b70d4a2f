import { type IParseOptions, parse } from "qs";
import { type Campaign, campaignKeys, defaultCampaign } from "./campaign";

/**
 * Query-string parsing limits of spec §9. They bound the work a crafted link
 * can cause: more than 20 array items become an object, nesting stops at
 * depth 5, and parameters after the first 1000 are ignored.
 */
export const queryParseOptions = {
  arrayLimit: 20,
  depth: 5,
  parameterLimit: 1000,
  ignoreQueryPrefix: true,
} as const satisfies IParseOptions;

export function parseQuery(search: string): Record<string, unknown> {
  return parse(search, queryParseOptions);
}

/**
 * The longest value of each field the register body accepts (ZCampaignSchema).
 * Longer values are cut rather than dropped, so an odd ad link can never make
 * the sign-up itself fail.
 */
const maxLength = { s1: 100, s2: 100, s3: 100, s4: 100, s5: 100, gclid: 200, tracking_id: 100 } as const;
const landingRange = { min: 1, max: 1000 } as const;

/** `s1=a&s1=b` arrives as an array: the first value counts. Nested objects carry no campaign value. */
function textOf(value: unknown, limit: number): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string") return null;
  const text = first.trim().slice(0, limit);
  return text === "" ? null : text;
}

function landingOf(value: unknown): number {
  const text = textOf(value, 10);
  if (text === null || !/^\d+$/.test(text)) return defaultCampaign.landing;
  const landing = Number(text);
  return landing >= landingRange.min && landing <= landingRange.max ? landing : defaultCampaign.landing;
}

/**
 * The campaign a URL's query string carries, or null when it names none of
 * the campaign parameters (the visitor keeps the campaign they came with).
 * Parameters the link leaves out take their defaults: a new link is a new
 * attribution, never a mix of two.
 */
export function campaignFromQuery(search: string): Campaign | null {
  const query = parseQuery(search);
  if (!campaignKeys.some((key) => Object.hasOwn(query, key))) return null;
  return {
    s1: textOf(query.s1, maxLength.s1) ?? defaultCampaign.s1,
    s2: textOf(query.s2, maxLength.s2) ?? defaultCampaign.s2,
    s3: textOf(query.s3, maxLength.s3) ?? defaultCampaign.s3,
    s4: textOf(query.s4, maxLength.s4) ?? defaultCampaign.s4,
    s5: textOf(query.s5, maxLength.s5) ?? defaultCampaign.s5,
    gclid: textOf(query.gclid, maxLength.gclid),
    tracking_id: textOf(query.tracking_id, maxLength.tracking_id),
    landing: landingOf(query.landing),
  };
}
