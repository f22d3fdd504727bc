import { useEffect, useState } from 'react';
import { onLoadingChange } from '@driver-portal/shared/events';
import './shell.css';

/** Visible while at least one load is running; each load is tracked by its own id. */
export function LoadingOverlay() {
  const [active, setActive] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(
    () =>
      onLoadingChange(({ id, active: starting }) =>
        setActive((current) => {
          const next = new Set(current);
          if (starting) next.add(id);
          else next.delete(id);
          return next;
        }),
      ),
    [],
  );

  if (active.size === 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="assertive" aria-label="Carregando">
      <span className="spinner spinner-large" aria-hidden="true" />
      <span className="visually-hidden">Carregando...</span>
    </div>
  );
}
