import type { TPromoEventName } from "@velvet/shared/constants/promotions";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { promotions } from "../../platform/db/schema/promotions";

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface CalendarEvent {
  name: TPromoEventName;
  /** First day, 00:00 in the site's time zone. */
  start: CalendarDate;
  /** The day after the last, 00:00 in the site's time zone. */
  end: CalendarDate;
  discountPercent: number;
  bonusPercent: number;
}

/**
 * Two kinds of offer, matching what the site advertises (spec §1): summer and
 * halloween take 40% off credit packages of up to 2500 credits (the '-40%'
 * badge); every other event adds 40% extra credits, +1000 on the 2,500 package.
 */
const DISCOUNT = { discountPercent: 40, bonusPercent: 0 };
const BONUS = { discountPercent: 0, bonusPercent: 40 };

function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Easter Sunday (Gregorian calendar; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** The day after the fourth Thursday of November (US Thanksgiving), as the retail world counts it. */
export function blackFriday(year: number): CalendarDate {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
  return { year, month: 11, day: firstThursday + 21 + 1 };
}

/**
 * One year of seasonal events, none overlapping. Southern-hemisphere seasons:
 * summer is the January sale, the solstice the June (winter) one.
 */
export function promotionCalendar(year: number): CalendarEvent[] {
  const on = (month: number, day: number): CalendarDate => ({ year, month, day });
  const easter = easterSunday(year);
  const friday = blackFriday(year);
  return [
    { name: "summer", start: on(1, 2), end: on(2, 9), ...DISCOUNT },
    { name: "valentines", start: on(2, 10), end: on(2, 17), ...BONUS },
    { name: "patricks", start: on(3, 14), end: on(3, 19), ...BONUS },
    // Good Friday to Easter Monday.
    { name: "easter", start: addDays(easter, -2), end: addDays(easter, 2), ...BONUS },
    { name: "solstice", start: on(6, 19), end: on(6, 25), ...BONUS },
    { name: "halloween", start: on(10, 25), end: on(11, 2), ...DISCOUNT },
    { name: "black-friday", start: friday, end: addDays(friday, 3), ...BONUS },
    { name: "cyber-monday", start: addDays(friday, 3), end: addDays(friday, 4), ...BONUS },
    { name: "xmas", start: on(12, 18), end: on(12, 27), ...BONUS },
  ];
}

function atMidnight(date: CalendarDate, timeZone: string) {
  return sql`make_timestamptz(${date.year}, ${date.month}, ${date.day}, 0, 0, 0, ${timeZone})`;
}

/**
 * Writes this year's and next year's events for a year that has none yet, so
 * a fresh database (and a process running across New Year) always knows what
 * comes next. The database turns local midnights into instants, daylight
 * saving included. Rows are data from then on: a year that already holds any
 * promotion is left alone, so an event an admin moved or removed does not come
 * back at its calendar date on the next start (nor overlap the moved one).
 */
export async function ensurePromotionCalendar(db: Db, timeZone: string, now = new Date()): Promise<void> {
  const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric" }).format(now));
  for (const calendarYear of [year, year + 1]) {
    const [planned] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(
        sql`${promotions.startsAt} >= ${atMidnight({ year: calendarYear, month: 1, day: 1 }, timeZone)}
          and ${promotions.startsAt} < ${atMidnight({ year: calendarYear + 1, month: 1, day: 1 }, timeZone)}`,
      )
      .limit(1);
    if (planned) continue;
    await db
      .insert(promotions)
      .values(
        promotionCalendar(calendarYear).map((event) => ({
          name: event.name,
          startsAt: atMidnight(event.start, timeZone),
          endsAt: atMidnight(event.end, timeZone),
          discountPercent: event.discountPercent,
          bonusPercent: event.bonusPercent,
        })),
      )
      // Two processes starting together both find the year empty: the unique (name, start) keeps one copy.
      .onConflictDoNothing({ target: [promotions.name, promotions.startsAt] });
  }
}
