/**
 * Brazil-time helpers. Brazil has been UTC-3 all year since 2019 (no daylight saving), so a
 * fixed offset is exact and keeps the seed independent of the machine's time zone.
 */
const BRAZIL_OFFSET_MS = 3 * 60 * 60 * 1000;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Calendar fields of an instant as a clock in Brazil shows them (month is 0-based). */
export interface BrazilParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function brazilParts(date: Date): BrazilParts {
  const shifted = new Date(date.getTime() - BRAZIL_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The instant a Brazil clock shows these fields at (out-of-range fields roll over, as in Date.UTC). */
export function fromBrazilParts(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month, day, hour, minute) + BRAZIL_OFFSET_MS);
}

/** ISO date-time without an offset, in Brazil time: the format the core service uses. */
export function toBrazilIso(date: Date): string {
  return new Date(date.getTime() - BRAZIL_OFFSET_MS).toISOString().slice(0, 19);
}

/** First instant of the Brazil month `monthsBack` months before the one `date` falls in. */
export function brazilMonthStart(date: Date, monthsBack = 0): Date {
  const { year, month } = brazilParts(date);
  return fromBrazilParts(year, month - monthsBack, 1);
}

/** A month as the core service names it in Periodos and Mes: `01/MM/YYYY`. */
export function periodOf(date: Date): string {
  const { year, month } = brazilParts(date);
  return `01/${String(month + 1).padStart(2, '0')}/${year}`;
}

/** Parses `YYYY-MM-DD[...]` or `DD/MM/YYYY` as a Brazil calendar day; undefined otherwise. */
export function parseBrazilDay(value: string): Date | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (year === undefined || month === undefined || day === undefined) return undefined;
  const date = fromBrazilParts(Number(year), Number(month) - 1, Number(day));
  // Reject days that rolled over (31/02/2026).
  return brazilParts(date).day === Number(day) ? date : undefined;
}
