import { addYears, format, isValid, parse, subYears } from "date-fns";

/**
 * The time and date input limits of spec §5. Dates are plain YYYY-MM-DD
 * strings, the value a native date input holds, so a limit never depends on
 * the clock's offset.
 */
export const isoDateFormat = "yyyy-MM-dd";

export const timeInputLimits = {
  hours24: { min: 0, max: 23 },
  hours12: { min: 1, max: 12 },
  minutes: { min: 0, max: 59 },
} as const;

export type ClockMode = "24h" | "12h";

/** The date picker reaches 100 years back and 3 years ahead of today. */
export const datePickerRange = { yearsBack: 100, yearsAhead: 3 } as const;

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

export function isValidTime({ hours, minutes }: TimeOfDay, mode: ClockMode = "24h"): boolean {
  const hourLimits = mode === "12h" ? timeInputLimits.hours12 : timeInputLimits.hours24;
  return (
    Number.isInteger(hours) &&
    Number.isInteger(minutes) &&
    hours >= hourLimits.min &&
    hours <= hourLimits.max &&
    minutes >= timeInputLimits.minutes.min &&
    minutes <= timeInputLimits.minutes.max
  );
}

// "13:05", "13:05:30" (a native time input with seconds), "1:05 PM" (12-hour mode).
const timeText = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp][Mm]))?$/;

/** A typed time, or null when it is not one: hours 0–23 (1–12 in 12-hour mode), minutes 0–59. */
export function parseTimeInput(value: string, mode: ClockMode = "24h"): TimeOfDay | null {
  const match = timeText.exec(value.trim());
  if (!match) return null;
  const [, hourText = "", minuteText = "", secondText, meridiem] = match;
  if (meridiem && mode === "24h") return null;
  if (secondText !== undefined && Number(secondText) > 59) return null;
  const time = { hours: Number(hourText), minutes: Number(minuteText) };
  return isValidTime(time, mode) ? time : null;
}

function parseIsoDate(value: string): Date | null {
  const date = parse(value, isoDateFormat, new Date(2000, 0, 1));
  return isValid(date) && format(date, isoDateFormat) === value ? date : null;
}

/** The picker's first and last selectable dates for `today` (YYYY-MM-DD); 29 February steps back to the 28th. */
export function datePickerBounds(today: string): { min: string; max: string } {
  const base = parseIsoDate(today);
  if (!base) throw new Error(`Not a YYYY-MM-DD date: ${today}`);
  return {
    min: format(subYears(base, datePickerRange.yearsBack), isoDateFormat),
    max: format(addYears(base, datePickerRange.yearsAhead), isoDateFormat),
  };
}

/** A real YYYY-MM-DD date within the input's min and max (each optional, both included). */
export function isDateWithin(value: string, bounds: { min?: string | undefined; max?: string | undefined }): boolean {
  if (!parseIsoDate(value)) return false;
  // Zero-padded ISO dates sort as text in calendar order.
  if (bounds.min && value < bounds.min) return false;
  if (bounds.max && value > bounds.max) return false;
  return true;
}

/** What the date picker accepts on `today`: 100 years back to 3 years ahead. */
export function isWithinDatePickerRange(value: string, today: string): boolean {
  return isDateWithin(value, datePickerBounds(today));
}
