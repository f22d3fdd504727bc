import { useSearchParams } from 'react-router';
import { getSessionValue } from '@driver-portal/shared/session';

/** Paths of the inbox screens (docs/product-rules.md, "Route table"), every value URL-encoded. */
export const categoriesPath = (driverId: string) => `/communication/category/${encodeURIComponent(driverId)}`;

/**
 * Decision: a category without a title would give a path without its last segment, which no
 * route matches, so it is listed as "Mensagens".
 */
export const messagesPath = (categoryId: number | string, categoryTitle: string) =>
  `/communication/list/${encodeURIComponent(String(categoryId))}/${encodeURIComponent(categoryTitle.trim() || 'Mensagens')}`;

export const detailPath = (categoryId: number | string, messageId: number | string) =>
  `/communication/details/${encodeURIComponent(String(categoryId))}/${encodeURIComponent(String(messageId))}`;

/** What the list passes to the detail in the history entry (absent on a deep link). */
export interface DetailLocationState {
  listPath: string;
}

/** The list the detail was opened from; anything else in the history state is ignored. */
export function listPathFrom(state: unknown): string | undefined {
  const listPath = (state as Partial<DetailLocationState> | null)?.listPath;
  return typeof listPath === 'string' && listPath.toLowerCase().startsWith('/communication/list/') ? listPath : undefined;
}

/**
 * The driver whose inbox the list and detail routes show: those routes do not carry it, so it
 * is the one the categories route (or a `driverId` query parameter, which the boot also keeps)
 * left for the session.
 */
export function useInboxDriverId(): string | undefined {
  const [searchParams] = useSearchParams();
  return searchParams.get('driverId')?.trim() || getSessionValue('driverId') || undefined;
}
