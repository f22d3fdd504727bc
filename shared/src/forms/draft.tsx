import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { getSessionValue } from '@driver-portal/shared/session';

const DRAFT_PREFIX = 'driver-portal:draft:';

/**
 * Drafts are kept under the session's driver (or `-` before one is known, a new driver signing
 * up): one driver's draft is never read for another, even if a driver switch's clearing were
 * missed (a shared phone, docs/platform.md, "A session belongs to one driver").
 */
export function draftStorageKey(key: string): string {
  return `${DRAFT_PREFIX}${encodeURIComponent(getSessionValue('driverId') ?? '-')}:${key}`;
}
/** Never written to storage, whatever the form calls them. */
const SECRET_FIELD = /senha|password|confirm/i;

function withoutSecrets(values: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELD.test(key) && !omit.includes(key)));
}

/** The saved draft merged over the form's initial values (for Formik's initialValues). */
export function loadDraft<T extends object>(key: string, initialValues: T): T {
  try {
    const saved = window.sessionStorage.getItem(draftStorageKey(key));
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
    window.sessionStorage.removeItem(draftStorageKey(key));
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}

function saveDraft(key: string, values: Record<string, unknown>, omit: readonly string[]): void {
  try {
    window.sessionStorage.setItem(draftStorageKey(key), JSON.stringify(withoutSecrets(values, omit)));
  } catch {
    // Full or disabled storage: the form still works, only the draft is lost.
  }
}

/** One array for "omit nothing": a new `[]` on every render would re-arm the save timer each time. */
const OMIT_NOTHING: readonly string[] = [];
const SAVE_AFTER_MS = 250;

/**
 * Placed inside a Formik form, keeps what the driver typed in session storage so a webview
 * reload or a trip to the camera loses nothing. Passwords are never stored. Written 250 ms after
 * the last change, and at once when the page is hidden or left (a reload within those 250 ms,
 * or the native app sending the webview to the background, loses nothing). Not written on
 * unmount: a form that clears its draft after a success and moves on must not get it back.
 */
export function FormDraft({ storageKey, omit = OMIT_NOTHING }: { storageKey: string; omit?: readonly string[] }) {
  const { values } = useFormikContext<Record<string, unknown>>();
  const pending = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    const save = () => {
      pending.current = undefined;
      saveDraft(storageKey, values, omit);
    };
    pending.current = save;
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [values, storageKey, omit]);
  useEffect(() => {
    const flush = () => pending.current?.();
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, []);
  return null;
}
