/** The ranges the operator statistics offer; the stats API takes at most 92 days. */
export const STATS_RANGE_DAYS = [1, 7, 30, 90] as const;
export type StatsRangeDays = (typeof STATS_RANGE_DAYS)[number];

/** An address value read back as one of the offered ranges; anything else is the default week. */
export function parseRangeDays(value: string | null): StatsRangeDays {
  const days = Number(value);
  return (STATS_RANGE_DAYS as readonly number[]).includes(days) ? (days as StatsRangeDays) : 7;
}

/** "2026-03-12", 7 -> { from: "2026-03-06", to: "2026-03-12" }: calendar days, both ends counted. */
export function statsRange(today: string, days: StatsRangeDays): { from: string; to: string } {
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  return { from: start.toISOString().slice(0, 10), to: today };
}
