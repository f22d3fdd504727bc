import type { ReactNode } from 'react';
import type { UseLoadResult } from '@driver-portal/shared/data';
import { EmptyState, ErrorState, LoadingState, SessionExpiredState } from './components';

export interface LoadViewProps<T> extends UseLoadResult<T> {
  children: (data: T) => ReactNode;
  /** When true for the loaded data, the empty state shows instead of the children. */
  isEmpty?: (data: T) => boolean;
  emptyMessage?: string;
  loadingLabel?: string;
}

/**
 * The loading, error (with a retry that loads again), empty and loaded states of a screen. A
 * refused token is not retried: the session-expired state leads to sign in again.
 */
export function LoadView<T>({ state, reload, children, isEmpty, emptyMessage, loadingLabel }: LoadViewProps<T>) {
  if (state.status === 'loading') return <LoadingState label={loadingLabel} />;
  if (state.status === 'error') {
    if (state.error.kind === 'unauthorized') return <SessionExpiredState message={state.error.message} />;
    return <ErrorState message={state.error.message} onRetry={reload} />;
  }
  if (isEmpty?.(state.data)) return <EmptyState message={emptyMessage} />;
  return <>{children(state.data)}</>;
}
