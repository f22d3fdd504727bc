import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { onAlert, type AlertRequest } from '@driver-portal/shared/events';
import './shell.css';

/**
 * The global alert dialog: one alert at a time (others wait their turn), success or error
 * style, OK closes it and follows the optional redirect (replacing the screen behind it). Focus moves into the dialog, stays
 * there while it is open, and returns where it was.
 */
export function AlertDialog() {
  const [queue, setQueue] = useState<AlertRequest[]>([]);
  const navigate = useNavigate();
  const okRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();
  const current = queue[0];

  useEffect(() => onAlert((request) => setQueue((pending) => [...pending, request])), []);

  useEffect(() => {
    if (!current) return;
    if (!returnFocusRef.current) {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    okRef.current?.focus();
  }, [current]);

  if (!current) return null;

  const close = () => {
    const redirect = current.redirectTo;
    const rest = queue.slice(1);
    setQueue(rest);
    if (rest.length === 0) {
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (!redirect) {
        window.setTimeout(() => {
          // Only when focus went nowhere (it was on the dialog's button, now gone): a driver who
          // already tapped a field after OK keeps typing there (a busy page runs this late).
          const active = document.activeElement;
          const focusLost = !active || active === document.body || !active.isConnected;
          if (focusLost && target?.isConnected) target.focus();
        }, 0);
      }
    }
    // The screen behind an alert that leads on is finished (a saved change, a contract): the
    // driver goes back to the redirect's entry when the tab still holds it (a change opened from
    // My account), else the redirect takes the finished screen's place; Back never opens it again.
    // (Its own chunk: a deep link's first screen does not pay for it.)
    if (redirect) {
      void import('@driver-portal/shared/journey').then(
        ({ leaveTo }) => leaveTo(redirect, navigate),
        // Its chunk did not load (offline): the redirect still happens, replacing the finished screen.
        () => navigate(redirect, { replace: true }),
      );
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        className={`dialog dialog-${current.kind}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={current.message || current.details?.length ? messageId : undefined}
        onKeyDown={(event) => {
          // One button: Tab stays on it, Escape is the same as OK.
          if (event.key === 'Tab') {
            event.preventDefault();
            okRef.current?.focus();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      >
        <span className="dialog-icon" aria-hidden="true">
          {current.kind === 'success' ? '✓' : '!'}
        </span>
        <h2 id={titleId} className="dialog-title">
          {current.title}
        </h2>
        {current.message || current.details?.length ? (
          <div id={messageId} className="dialog-message">
            {current.message ? <p>{current.message}</p> : null}
            {current.details?.length ? (
              <ul>
                {current.details.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <button ref={okRef} type="button" className="button button-primary" onClick={close}>
          OK
        </button>
      </div>
    </div>
  );
}
