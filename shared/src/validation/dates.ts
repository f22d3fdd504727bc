/**
 * Brazil's calendar day, whatever the engine's ICU (issue 29, point 1). A locale's formatted date
 * is never parsed: WebKitGTK with ICU 72 formats `en-CA` as `11/26/2026`, not `2026-11-26`, and
 * other ICU versions changed such patterns before. The day's numbers are read from
 * `formatToParts` by their type; if the engine has no time-zone data (or answers something that is
 * not a date), Brazil's fixed offset is used: UTC-3 all year since 2019 (no daylight saving).
 */
const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';
const BRAZIL_OFFSET_MS = -3 * 60 * 60 * 1000;

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

let dayParts: Intl.DateTimeFormat | undefined;

function partsFormat(): Intl.DateTimeFormat | undefined {
  if (dayParts) return dayParts;
  try {
    // Latin digits and a Gregorian calendar asked for by name, not left to the locale's defaults.
    dayParts = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone: BRAZIL_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    return dayParts;
  } catch {
    return undefined;
  }
}

const isCalendarDay = ({ year, month, day }: CalendarDay) =>
  Number.isInteger(year) &&
  year > 0 &&
  Number.isInteger(month) &&
  month >= 1 &&
  month <= 12 &&
  Number.isInteger(day) &&
  day >= 1 &&
  day <= 31;

function fixedOffsetDay(now: Date): CalendarDay {
  const shifted = new Date(now.getTime() + BRAZIL_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The calendar day it is in Brazil at `now`. */
export function brazilCalendarDay(now: Date = new Date()): CalendarDay {
  const format = partsFormat();
  if (format) {
    try {
      const parts = format.formatToParts(now);
      const number = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
      const day = { year: number('year'), month: number('month'), day: number('day') };
      if (isCalendarDay(day)) return day;
    } catch {
      // An engine without the zone's data: the fixed offset below.
    }
  }
  return fixedOffsetDay(now);
}

/** YYYY-MM-DD of a calendar day; a day past the month's end rolls over (29 Feb + 1 year is 1 Mar). */
export function isoDate({ year, month, day }: CalendarDay): string {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** Today in Brazil as YYYY-MM-DD. */
export function brazilToday(now: Date = new Date()): string {
  return isoDate(brazilCalendarDay(now));
}

/** The calendar year in Brazil. */
export function brazilYear(now: Date = new Date()): number {
  return brazilCalendarDay(now).year;
}

/**
 * Today's calendar day in Brazil, `years` from now (negative: ago), as YYYY-MM-DD (the typed
 * dates' form). Brazil's day, not UTC's: from 21:00 in São Paulo UTC is already tomorrow, and a
 * date typed as today would pass for the future (or a driver turning 18 today for 17).
 */
export function isoDateFromToday(years: number, today: Date = new Date()): string {
  const day = brazilCalendarDay(today);
  return isoDate({ ...day, year: day.year + years });
}

/** Forgets the cached formatter (tests that stub Intl.DateTimeFormat). */
export function resetBrazilDayFormat(): void {
  dayParts = undefined;
}
