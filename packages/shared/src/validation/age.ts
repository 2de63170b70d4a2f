/**
 * Calendar arithmetic for the 18+ rule, on plain YYYY-MM-DD dates so the
 * answer depends only on the site's calendar date, never on a clock offset.
 */
const calendarFormats = new Map<string, Intl.DateTimeFormat>();

export function todayInTimezone(timeZone: string, now: Date = new Date()): string {
  // Making a formatter costs a hundred times more than using one, and this runs on every search.
  let format = calendarFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    calendarFormats.set(timeZone, format);
  }
  return format.format(now); // en-CA formats as YYYY-MM-DD
}

function split(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split("-").map(Number);
  return [year ?? 0, month ?? 0, day ?? 0];
}

/** Whole years between `birthdate` and `today`; a 29 February birthday counts on 1 March in other years. */
export function ageOn(birthdate: string, today: string): number {
  const [birthYear, birthMonth, birthDay] = split(birthdate);
  const [year, month, day] = split(today);
  let age = year - birthYear;
  if (month < birthMonth || (month === birthMonth && day < birthDay)) age -= 1;
  return age;
}

/** The latest birthdate that is `years` old on `today` (for date pickers' max). */
export function latestBirthdateForAge(years: number, today: string): string {
  const [year, month, day] = split(today);
  const target = new Date(Date.UTC(year - years, month - 1, day));
  // 29 February in a non-leap target year rolls to 1 March; step back to 28 February.
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

export function isRealDate(isoDate: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  const [year, month, day] = split(isoDate);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
