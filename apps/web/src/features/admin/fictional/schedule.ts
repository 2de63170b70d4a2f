/** "9–12, 22–1": the online hours as runs of consecutive hours (wrapping past midnight), for the list. */
export function describeHours(hours: readonly number[]): string {
  const set = new Set(hours);
  if (set.size === 0) return "Never";
  if (set.size === 24) return "All day";
  const runs: Array<[number, number]> = [];
  // Start each run at an hour whose previous hour is off, so a run over midnight stays one run.
  for (let hour = 0; hour < 24; hour++) {
    if (!set.has(hour) || set.has((hour + 23) % 24)) continue;
    let end = hour;
    while (set.has((end + 1) % 24)) end = (end + 1) % 24;
    runs.push([hour, end]);
  }
  return runs.map(([start, end]) => (start === end ? `${start}` : `${start}–${end}`)).join(", ");
}

export function toggleHour(hours: readonly number[], hour: number): number[] {
  return hours.includes(hour) ? hours.filter((value) => value !== hour) : [...hours, hour].sort((a, b) => a - b);
}
