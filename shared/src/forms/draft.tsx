import { useFormikContext } from 'formik';
import { useEffect } from 'react';

const DRAFT_PREFIX = 'driver-portal:draft:';
/** Never written to storage, whatever the form calls them. */
const SECRET_FIELD = /senha|password|confirm/i;

function withoutSecrets(values: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELD.test(key) && !omit.includes(key)));
}

/** The saved draft merged over the form's initial values (for Formik's initialValues). */
export function loadDraft<T extends object>(key: string, initialValues: T): T {
  try {
    const saved = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    if (!saved) return initialValues;
    const parsed: unknown = JSON.parse(saved);
    if (!parsed || typeof parsed !== 'object') return initialValues;
    const known = Object.fromEntries(Object.entries(parsed).filter(([field]) => field in initialValues && !SECRET_FIELD.test(field)));
    return { ...initialValues, ...known };
  } catch {
    return initialValues;
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}

/**
 * Placed inside a Formik form, keeps what the driver typed in session storage so a webview
 * reload or a trip to the camera loses nothing. Passwords are never stored.
 */
export function FormDraft({ storageKey, omit = [] }: { storageKey: string; omit?: readonly string[] }) {
  const { values } = useFormikContext<Record<string, unknown>>();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      try {
        window.sessionStorage.setItem(DRAFT_PREFIX + storageKey, JSON.stringify(withoutSecrets(values, omit)));
      } catch {
        // Full or disabled storage: the form still works, only the draft is lost.
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [values, storageKey, omit]);
  return null;
}
