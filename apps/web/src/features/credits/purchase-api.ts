import { useQuery } from "@tanstack/react-query";
import type { TSpendingControls } from "@velvet/shared/api/purchases";
import { purchaseEndpoints } from "@velvet/shared/contract/purchases";
import { callEndpoint } from "../../lib/api-client";
import { clientConfig } from "../../lib/client-config";
import { formatCount } from "../../lib/format-count";
import { useAuthStore } from "../auth";

/** Keyed by member, so a second account signed in on the same browser never sees the first one's answers. */
export const purchaseKeys = {
  list: (uuid: string | null, page: number) => ["purchases", uuid, page] as const,
  receipt: (id: string) => ["purchase-receipt", id] as const,
  spending: (uuid: string | null) => ["spending-controls", uuid] as const,
};

export function fetchPurchases(page: number) {
  return callEndpoint(purchaseEndpoints.list, { query: { page } });
}

export function fetchReceipt(id: string) {
  return callEndpoint(purchaseEndpoints.receipt, { params: { id } }).then((response) => response.data);
}

export function saveSpendingLimit(cents: number | null): Promise<TSpendingControls> {
  return callEndpoint(purchaseEndpoints.setSpendingLimit, { body: { monthly_limit_cents: cents } }).then(
    (response) => response.data,
  );
}

export function startCoolOff(days: 1 | 7 | 30): Promise<TSpendingControls> {
  return callEndpoint(purchaseEndpoints.startCoolOff, { body: { days } }).then((response) => response.data);
}

/** The member's limit, allowance and break, for the settings page and the store. */
export function useSpendingControls(enabled = true) {
  const uuid = useAuthStore((state) => state.user?.uuid ?? null);
  return useQuery({
    queryKey: purchaseKeys.spending(uuid),
    queryFn: () => callEndpoint(purchaseEndpoints.spendingControls).then((response) => response.data),
    enabled: enabled && uuid !== null,
    // Fetched afresh on each page that shows it: a purchase or another tab may have changed it.
    staleTime: 0,
  });
}

/** "A$49.95" from cents, never through floats. */
export function formatAud(cents: number): string {
  return `A$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

function partsOf(iso: string, options: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat("en-AU", { timeZone: clientConfig().siteTimezone, ...options }).formatToParts(
    new Date(iso),
  );
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
}

/**
 * "2 December 2026, 14:05", in the site's time zone: the month, its allowance and a break are the site's
 * calendar, so the page says what the server's messages say.
 */
export function formatWhen(iso: string): string {
  const part = partsOf(iso, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")}`;
}

/** "26 November 2026". */
export function formatDate(iso: string): string {
  const part = partsOf(iso, { day: "numeric", month: "long", year: "numeric" });
  return `${part("day")} ${part("month")} ${part("year")}`;
}

/** "1 December". */
export function formatDayMonth(iso: string): string {
  const part = partsOf(iso, { day: "numeric", month: "long" });
  return `${part("day")} ${part("month")}`;
}
