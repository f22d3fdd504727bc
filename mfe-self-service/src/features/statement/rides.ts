import type { Ride } from '../../contract';
import { BRAZIL_TIME_ZONE, dayLabel, formatDate, formatMonthYear, parseServerDate } from '@driver-portal/shared/format';

/**
 * Where a ride's name is cut (docs/product-rules.md, "Formats"). Only the list cuts it: the list
 * has one line per ride, while the detail is where the driver reads the whole ride, so it shows
 * the full name (decision: a company name such as "Empresa Brasileira de Logística Integrada
 * Ltda" is what the driver needs to recognise a ride or ask about it; it wraps, never overflows).
 */
export const RIDE_NAME_LENGTH = 25;

const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: BRAZIL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * When a ride happened, for the list and the detail: the day label the inbox uses ("Hoje",
 * "Ontem", else DD/MM/YYYY; docs/product-rules.md, "Formats") followed by the time, Brazil time:
 * "Hoje 04:35", "Ontem 23:50", "20/11/2026 14:05". An unreadable date is shown as it came.
 */
export function rideWhen(data: string | null | undefined, now: Date = new Date()): { text: string; dateTime: string | undefined } {
  const date = parseServerDate(data);
  if (!date) return { text: data ?? '', dateTime: undefined };
  return { text: `${dayLabel(date, now)} ${timeFormat.format(date)}`, dateTime: date.toISOString() };
}

/**
 * A month as a heading or a choice of the filter: "Novembro de 2026" (Intl writes months in
 * lower case, right inside a sentence such as the chart's "Ganhos por dia em novembro de 2026",
 * but a heading starts with a capital). An unreadable month is shown as it came.
 */
export function monthTitle(period: string): string {
  const name = formatMonthYear(period);
  return name ? `${name.charAt(0).toLocaleUpperCase('pt-BR')}${name.slice(1)}` : period;
}

/**
 * The list's own query parameters: `taxiId` (docs/product-rules.md, "Route table"; no call takes it) and `periodo`,
 * our addition (the spec is silent): the month the driver chose, as its `Periodos` string, so
 * the back link of a ride detail, the browser's back button and a reload show that month
 * again. Without `periodo` the list shows the current month.
 */
export const LIST_PATH = '/performed-Runs/list';
export const PERIOD_PARAM = 'periodo';
const KEPT_PARAMS = ['taxiId', PERIOD_PARAM] as const;

/** The list's parameters out of any query string, so they travel to the detail and back. */
export function listSearch(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * The `{data}` segment of a ride's detail URL (the spec does not fix its format): the ride's
 * day in Brazil time as DD-MM-YYYY (the portal's date order, with dashes so it is one URL-safe
 * segment). The detail screen does not need it (the call takes only SolicitacaoId); an
 * unreadable date is passed on encoded as it came.
 */
export function rideDateSegment(data: string | null | undefined): string {
  const date = parseServerDate(data);
  const text = date ? formatDate(date).replace(/\//g, '-') : (data ?? '').trim() || 'sem-data';
  return encodeURIComponent(text);
}

export function rideDetailPath(ride: Pick<Ride, 'Data' | 'SolicitacaoId'>, search: URLSearchParams): string {
  return `/performed-Runs/details/${rideDateSegment(ride.Data)}/${encodeURIComponent(String(ride.SolicitacaoId))}${listSearch(search)}`;
}

/**
 * Class of a status badge. The status is always shown as its text; the class only adds colour
 * (what moves a ride between statuses is the server's business: an unknown one is shown as is).
 */
export function statusClass(status: string | null | undefined): string {
  const known: Record<string, string> = {
    PAGO: 'ride-status-pago',
    'A RECEBER': 'ride-status-a-receber',
    PROCESSANDO: 'ride-status-processando',
    ESTORNADO: 'ride-status-estornado',
  };
  const extra = known[(status ?? '').trim().toUpperCase()];
  return extra ? `ride-status ${extra}` : 'ride-status';
}

/** A reversed ride's money went back: it is not an earning (chart decision). */
export const isReversed = (ride: Pick<Ride, 'Status'>) => (ride.Status ?? '').trim().toUpperCase() === 'ESTORNADO';

export interface DayEarnings {
  /** Day of the month, 1-31. */
  day: number;
  /** DD/MM/YYYY. */
  date: string;
  /** Sum of the counted rides' ValorLiquido, in cents (no floating-point drift). */
  cents: number;
  /** How many rides count for the day. */
  rides: number;
}

export interface MonthEarnings {
  /** Every day of the month in order (days without rides have 0), or, when `Mes` cannot be read, the days that have rides. */
  days: DayEarnings[];
  totalCents: number;
  /** The day with the most earnings (the first of equals); undefined when nothing was earned. */
  best: DayEarnings | undefined;
  /** ValorLiquido of the ESTORNADO rides, left out of the chart, in cents. */
  reversedCents: number;
  /** ValorLiquido of the other rides left out (date unreadable or outside the month), in cents. */
  outsideMonthCents: number;
}

const toCents = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0);

/**
 * The month's earnings by day, from the rides already loaded (no extra call). Decisions (the
 * spec is silent): an earning is a ride's ValorLiquido, the amount the list shows and the
 * deposits pay; ESTORNADO rides are left out; a ride whose date cannot be read, or that falls
 * outside the statement's month, is left out of the chart (the list still shows it).
 */
export function earningsByDay(rides: Ride[], month: string): MonthEarnings {
  const byDate = new Map<string, { cents: number; rides: number }>();
  let reversedCents = 0;
  for (const ride of rides) {
    if (isReversed(ride)) {
      reversedCents += toCents(ride.ValorLiquido);
      continue;
    }
    const date = parseServerDate(ride.Data);
    if (!date) continue;
    const key = formatDate(date);
    const entry = byDate.get(key) ?? { cents: 0, rides: 0 };
    entry.cents += toCents(ride.ValorLiquido);
    entry.rides += 1;
    byDate.set(key, entry);
  }

  const monthStart = parseServerDate(month);
  let days: DayEarnings[];
  if (monthStart) {
    const [, mm = '01', yyyy = '1970'] = formatDate(monthStart).split('/');
    const length = new Date(Date.UTC(Number(yyyy), Number(mm), 0)).getUTCDate();
    days = Array.from({ length }, (_unused, index) => {
      const date = `${String(index + 1).padStart(2, '0')}/${mm}/${yyyy}`;
      const entry = byDate.get(date);
      return { day: index + 1, date, cents: entry?.cents ?? 0, rides: entry?.rides ?? 0 };
    });
  } else {
    days = [...byDate.entries()]
      .map(([date, entry]) => ({ day: Number(date.slice(0, 2)), date, ...entry }))
      .sort((a, b) => a.date.split('/').reverse().join('').localeCompare(b.date.split('/').reverse().join('')));
  }

  const totalCents = days.reduce((sum, day) => sum + day.cents, 0);
  const countedCents = rides.reduce((sum, ride) => sum + (isReversed(ride) ? 0 : toCents(ride.ValorLiquido)), 0);
  const best = days.reduce<DayEarnings | undefined>(
    (top, day) => (day.cents > 0 && (!top || day.cents > top.cents) ? day : top),
    undefined,
  );
  return { days, totalCents, best, reversedCents, outsideMonthCents: countedCents - totalCents };
}
