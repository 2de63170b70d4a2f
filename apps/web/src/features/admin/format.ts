import { clientConfig } from "../../lib/client-config";
import { formatCentsText, formatPrice } from "../credits";

/** 4995, "AUD" -> "A$49.95". */
export function formatMoney(cents: number, currency = "AUD"): string {
  return formatPrice(formatCentsText(cents), currency);
}

/** "12 Mar 2026, 9:41 pm" on the site's clock, the one the dashboard counts days by. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: clientConfig().siteTimezone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** "12 Mar, 9:41 pm" for table rows, where the year is rarely in doubt and the room is short. */
export function formatShortDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: clientConfig().siteTimezone,
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** "2026-03-12" -> "Thu 12 Mar": a calendar day, not a moment, so no time zone applies. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat("en-AU", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

export { formatCount } from "../../lib/format-count";
