import type { Deposit } from '../../contract';
import { formatDate, parseServerDate } from '@driver-portal/shared/format';

export type DepositRide = Deposit['Corridas'][number];

/** One deposit as the screen shows it, whatever shape the server sent it in. */
export interface DepositView {
  /** Date and time of the deposit as sent (formatted by the screen). */
  data: string;
  valor: number | undefined;
  /** The service fee (`Servico.product`). */
  taxa: number | undefined;
  corridas: DepositRide[];
}

/** The deposits made on one day: one accordion section. */
export interface DepositGroup {
  /** DD/MM/YYYY in Brazil time (or the date as sent when it cannot be read). */
  label: string;
  /** Sum of the day's deposit values. */
  total: number;
  deposits: DepositView[];
}

const asNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A malformed entry (missing fee, rides not a list, null items) never crashes the screen. */
function toView(deposit: Partial<Deposit>): DepositView {
  const servico: unknown = deposit.Servico;
  const corridas: unknown = deposit.Corridas;
  return {
    data: typeof deposit.Data === 'string' ? deposit.Data : '',
    valor: asNumber(deposit.Valor),
    taxa: servico && typeof servico === 'object' ? asNumber((servico as { product?: unknown }).product) : undefined,
    corridas: Array.isArray(corridas) ? corridas.filter((ride): ride is DepositRide => Boolean(ride) && typeof ride === 'object') : [],
  };
}

const timeOf = (value: string) => parseServerDate(value)?.getTime() ?? Number.NEGATIVE_INFINITY;

/**
 * Groups deposits by their day (DD/MM/YYYY, Brazil time). Decision (the specification is
 * silent): newest first, days and the deposits inside a day alike; entries whose date cannot be
 * read come last, in the order sent, each in its own section.
 */
export function groupDepositsByDate(deposits: readonly Deposit[]): DepositGroup[] {
  const views = deposits
    .filter((deposit): deposit is Deposit => Boolean(deposit) && typeof deposit === 'object')
    .map(toView)
    .map((view, index) => ({ view, index, time: timeOf(view.data) }))
    .sort((a, b) => (a.time === b.time ? a.index - b.index : b.time - a.time));
  const groups = new Map<string, DepositView[]>();
  for (const { view } of views) {
    const label = formatDate(view.data) || 'Data não informada';
    groups.set(label, [...(groups.get(label) ?? []), view]);
  }
  return [...groups].map(([label, items]) => ({
    label,
    // In cents, so the sum does not pick up floating-point noise.
    total: items.reduce((sum, item) => sum + Math.round((item.valor ?? 0) * 100), 0) / 100,
    deposits: items,
  }));
}
