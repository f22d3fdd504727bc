/** Portuguese formatting (docs/product-rules.md, "Formats"): BRL and Brazil-time dates through Intl. */

export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

// Marked pure: a screen that formats no date-time (or no month) does not build, nor download,
// the formatter it does not use (a `new` is kept by the minifier unless told it has no effect).
const currency = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dateFormat = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const monthYearFormat = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { timeZone: BRAZIL_TIME_ZONE, month: 'long', year: 'numeric' });

/** `R$ 1.614,00`. Intl puts a no-break space after R$; drivers and tests see a plain space. */
export function formatBRL(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return currency.format(value).replace(/\u00a0/g, ' ');
}

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Parses the dates the services send: ISO strings (without an offset they are Brazil time,
 * UTC-3 all year since 2019) and DD/MM/YYYY[ HH:mm]. Returns undefined for anything else.
 */
export function parseServerDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const trimmed = value.trim();
  const dmy = DMY.exec(trimmed);
  if (dmy) {
    const [, day, month, year, hour = '00', minute = '00'] = dmy;
    const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:00-03:00`);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00-03:00` : HAS_OFFSET.test(trimmed) ? trimmed : `${trimmed}-03:00`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A day typed in the platform's date mask (`DD/MM/YYYY`) as ISO `YYYY-MM-DD`, the form the
 * services take; undefined when it is not a real day of the calendar (31/02/2020, 00/01/2000) or
 * its year is before 1900 (a typo, never a driver's date).
 */
export function typedDateToIso(typed: string | null | undefined): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((typed ?? '').trim());
  if (!match) return undefined;
  const [, day = '', month = '', year = ''] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return real && Number(year) >= 1900 ? `${year}-${month}-${day}` : undefined;
}

/** DD/MM/YYYY in Brazil time; an unreadable date is shown as given rather than crashing. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parseServerDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return dateFormat.format(date);
}

/** DD/MM/YYYY HH:mm in Brazil time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parseServerDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return dateTimeFormat.format(date).replace(',', '');
}

/** "novembro de 2026" */
export function formatMonthYear(value: string | Date | null | undefined): string {
  const date = parseServerDate(value);
  return date ? monthYearFormat.format(date) : '';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Hoje" for today (Brazil calendar day), "Ontem" within 24 hours, otherwise DD/MM/YYYY
 * (docs/product-rules.md, "Formats", taken literally: yesterday morning seen this evening is a date).
 */
export function dayLabel(value: string | Date | null | undefined, now: Date = new Date()): string {
  const date = parseServerDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  if (dateFormat.format(date) === dateFormat.format(now)) return 'Hoje';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed > 0 && elapsed < DAY_MS) return 'Ontem';
  return dateFormat.format(date);
}

/** Cuts a text at `max` characters with an ellipsis (ride names: 25). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** docs/product-rules.md, "Errors": what a missing value reads as (a ride's destination, a policy's date...). */
export const NOT_INFORMED = 'Não informado';

/** A server value worth showing: a string with something other than spaces in it. */
export function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
