/**
 * Brazil's calendar day, whatever the engine's ICU (issue 29, point 1), and the periods of years
 * counted from it (issue 44, point 3; docs/decisions/0018-whose-day-and-29-february.md).
 *
 * A locale's formatted date is never parsed: WebKitGTK with ICU 72 formats `en-CA` as
 * `11/26/2026`, not `2026-11-26`, and other ICU versions changed such patterns before. The day's
 * numbers are read from `formatToParts` by their type; if the engine has no time-zone data (or
 * answers something that is not a date), the zone's fixed offset is used: Brazil has had no
 * daylight saving since 2019 (Decreto 9.772/2019), so each zone is one offset all year.
 *
 * Whose day: the phone's own time zone when it is one of Brazil's (a driver in Rio Branco at 22:30
 * still lives the day São Paulo left at 21:00 there), else São Paulo's (Brasília time, the
 * country's legal time, for a phone set to UTC or abroad).
 */
const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Brazil's IANA zones (tzdb `zone1970.tab`, country BR, and the old `Brazil/*` and
 * `America/Porto_Acre` links an engine may still answer) and their offsets from UTC in hours:
 * UTC-2 Fernando de Noronha; UTC-3 Brasília (South, Southeast, Northeast, GO, DF, TO, AP, PA);
 * UTC-4 Amazonas (most of it), MT, MS, RO, RR; UTC-5 Acre and the Amazonas' south-west (Eirunepé).
 */
export const BRAZIL_TIME_ZONES: Readonly<Record<string, number>> = {
  'America/Noronha': -2,
  'Brazil/DeNoronha': -2,
  'America/Sao_Paulo': -3,
  'Brazil/East': -3,
  'America/Bahia': -3,
  'America/Fortaleza': -3,
  'America/Recife': -3,
  'America/Maceio': -3,
  'America/Araguaina': -3,
  'America/Belem': -3,
  'America/Santarem': -3,
  'America/Manaus': -4,
  'Brazil/West': -4,
  'America/Cuiaba': -4,
  'America/Campo_Grande': -4,
  'America/Porto_Velho': -4,
  'America/Boa_Vista': -4,
  'America/Rio_Branco': -5,
  'America/Porto_Acre': -5,
  'Brazil/Acre': -5,
  'America/Eirunepe': -5,
};

const HOUR_MS = 60 * 60 * 1000;

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const isBrazilZone = (zone: string | undefined): zone is string =>
  zone !== undefined && Object.prototype.hasOwnProperty.call(BRAZIL_TIME_ZONES, zone);

/**
 * The time zone whose calendar day counts as "today": the phone's own (its engine's default,
 * `Intl.DateTimeFormat().resolvedOptions().timeZone`) when it is one of Brazil's, else
 * `America/Sao_Paulo`; São Paulo too when the engine cannot say.
 */
export function driverTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone as string | undefined;
    return isBrazilZone(zone) ? zone : BRAZIL_TIME_ZONE;
  } catch {
    return BRAZIL_TIME_ZONE;
  }
}

/** One formatter per zone asked for; null when the engine has no data for it. */
const dayParts = new Map<string, Intl.DateTimeFormat | null>();

function partsFormat(zone: string): Intl.DateTimeFormat | undefined {
  const cached = dayParts.get(zone);
  if (cached !== undefined) return cached ?? undefined;
  try {
    // Latin digits and a Gregorian calendar asked for by name, not left to the locale's defaults.
    const format = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayParts.set(zone, format);
    return format;
  } catch {
    dayParts.set(zone, null);
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

function fixedOffsetDay(now: Date, zone: string): CalendarDay {
  const shifted = new Date(now.getTime() + (BRAZIL_TIME_ZONES[zone] ?? -3) * HOUR_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * The calendar day it is at `now` in `timeZone` (one of BRAZIL_TIME_ZONES; by default
 * driverTimeZone(): the phone's when Brazilian, else São Paulo's).
 */
export function brazilCalendarDay(now: Date = new Date(), timeZone: string = driverTimeZone()): CalendarDay {
  const zone = isBrazilZone(timeZone) ? timeZone : BRAZIL_TIME_ZONE;
  const format = partsFormat(zone);
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
  return fixedOffsetDay(now, zone);
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The number of days of `month` (1-12) in `year` (Gregorian: 29 February in years divisible by 4, but not in centuries not divisible by 400). */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 31);
}

/**
 * YYYY-MM-DD of a calendar day; a day past the month's end rolls over into the next month
 * (29 February of a common year is 1 March), as a period's end does (see anniversary).
 */
export function isoDate({ year, month, day }: CalendarDay): string {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/**
 * The day a period of `years` (>= 0) begun on `start` ends, as YYYY-MM-DD: the same-numbered day
 * `years` later, or the next day when that day does not exist (Código Civil, art. 132 §3): a
 * licence issued on 29/02/2028 for 10 years is valid to 01/03/2038; someone born on 29/02/2008
 * turns 18 on 01/03/2026.
 */
export function anniversary(start: CalendarDay, years: number): string {
  return isoDate({ ...start, year: start.year + years });
}

/**
 * The latest day a period of `years` (>= 0) may have begun and be over by `day`, as YYYY-MM-DD:
 * the same-numbered day `years` before, or the month's last day when that day does not exist
 * (the inverse of anniversary: on 29/02/2028 someone born 28/02/2010 is 18, born 01/03/2010 is
 * 18 only the next day).
 */
export function latestStart(day: CalendarDay, years: number): string {
  const year = day.year - years;
  return isoDate({ year, month: day.month, day: Math.min(day.day, daysInMonth(year, day.month)) });
}

/** Today as YYYY-MM-DD (the phone's day when it is in a Brazilian zone, else São Paulo's). */
export function brazilToday(now: Date = new Date(), timeZone?: string): string {
  return isoDate(brazilCalendarDay(now, timeZone));
}

/** The calendar year today (as brazilToday). */
export function brazilYear(now: Date = new Date(), timeZone?: string): number {
  return brazilCalendarDay(now, timeZone).year;
}

/**
 * The latest birth date (YYYY-MM-DD) of someone at least `age` years old today: born on D, a
 * person is N years old from the day anniversary(D, N) (Código Civil, art. 132 §3), so on
 * 29/02/2028 an 18-year-old was born on 28/02/2010 or before, and on 28/02/2026 someone born on
 * 29/02/2008 is still 17 (18 on 01/03/2026).
 */
export function latestBirthDateFor(age: number, now: Date = new Date(), timeZone?: string): string {
  return latestStart(brazilCalendarDay(now, timeZone), age);
}

/**
 * A day `years` from today (the phone's Brazilian day, else São Paulo's), as YYYY-MM-DD (the
 * typed dates' form), counted as the law counts periods of years (Código Civil, art. 132 §3):
 * - `years` >= 0: the day a period of `years` begun today ends (anniversary: 29/02/2028 + 10 years
 *   is 01/03/2038), the latest day a licence issued today may still be valid to;
 * - `years` < 0: the latest day a period of |years| may have begun and be over today
 *   (latestStart: on 29/02/2028, 18 years ago is 28/02/2010), the latest birth date of an adult.
 * Brazil's day, not UTC's: from 21:00 in São Paulo UTC is already tomorrow, and a date typed as
 * today would pass for the future (or a driver turning 18 today for 17).
 */
export function isoDateFromToday(years: number, today: Date = new Date(), timeZone?: string): string {
  const day = brazilCalendarDay(today, timeZone);
  return years >= 0 ? anniversary(day, years) : latestStart(day, -years);
}

/**
 * Completed years on `on` of someone born on `birth` (both YYYY-MM-DD), as art. 132 §3 counts
 * them (born 29/02/2008: 17 on 28/02/2026, 18 on 01/03/2026); negative when born after `on`.
 */
export function ageOn(birth: string, on: string): number {
  const [by = 0, bm = 0, bd = 0] = birth.split('-').map(Number);
  const [oy = 0] = on.split('-').map(Number);
  const years = oy - by;
  return anniversary({ year: by, month: bm, day: bd }, years) <= on ? years : years - 1;
}

/** Forgets the cached formatters (tests that stub Intl.DateTimeFormat). */
export function resetBrazilDayFormat(): void {
  dayParts.clear();
}
