import { compactRelativeTime } from "@velvet/shared/constants/limits";

/**
 * Relative times for conversations and messages. The thresholds are the
 * standard ones (45 s, 90 s, 45 min, 90 min, 22 h, 36 h, 26 days, 45 days,
 * 320 days, 548 days); the compact wording is spec §9's, used at 768 px or less.
 */
export type RelativeTimeStyle = "long" | "compact";

type Unit = "s" | "m" | "mm" | "h" | "hh" | "d" | "dd" | "M" | "MM" | "y" | "yy";

const wording: Record<RelativeTimeStyle, Record<Unit, string>> = {
  long: {
    s: "just now",
    m: "1 min ago",
    mm: "%d min ago",
    h: "1 hour ago",
    hh: "%d hours ago",
    d: "1 day ago",
    dd: "%d days ago",
    M: "1 month ago",
    MM: "%d months ago",
    y: "1 year ago",
    yy: "%d years ago",
  },
  compact: compactRelativeTime,
};

const DAYS_PER_MONTH = 30.4375;

function unitOf(elapsedMs: number): { unit: Unit; count: number } {
  const seconds = Math.max(0, elapsedMs) / 1000;
  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  if (seconds < 45) return { unit: "s", count: 0 };
  if (seconds < 90) return { unit: "m", count: 1 };
  if (minutes < 45) return { unit: "mm", count: Math.round(minutes) };
  if (minutes < 90) return { unit: "h", count: 1 };
  if (hours < 22) return { unit: "hh", count: Math.round(hours) };
  if (hours < 36) return { unit: "d", count: 1 };
  if (days < 26) return { unit: "dd", count: Math.round(days) };
  if (days < 45) return { unit: "M", count: 1 };
  if (days < 320) return { unit: "MM", count: Math.max(2, Math.round(days / DAYS_PER_MONTH)) };
  if (days < 548) return { unit: "y", count: 1 };
  return { unit: "yy", count: Math.max(2, Math.round(days / 365.25)) };
}

/** "5 min ago" (long) or "5m" (compact). A time in the future (clock skew) counts as now. */
export function relativeTime(when: string | number | Date, now: number, style: RelativeTimeStyle = "long"): string {
  const time = when instanceof Date ? when.getTime() : typeof when === "string" ? Date.parse(when) : when;
  if (Number.isNaN(time)) return "";
  const { unit, count } = unitOf(now - time);
  return wording[style][unit].replace("%d", String(count));
}

/** The compact layout of spec §9: 768 px wide or less. */
export const COMPACT_MEDIA_QUERY = "(max-width: 768px)";
/** Spec §9: relative-time labels refresh every 60 seconds. */
export const RELATIVE_TIME_REFRESH_MS = 60_000;
