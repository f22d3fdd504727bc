import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { getSessionValue } from '@driver-portal/shared/session';
import './draft.css';

const DRAFT_PREFIX = 'driver-portal:draft:';

/**
 * Drafts are kept under the session's driver (or `-` before one is known, a new driver signing
 * up): one driver's draft is never read for another, even if a driver switch's clearing were
 * missed (a shared phone, docs/session.md, "A session belongs to one driver").
 */
export function draftStorageKey(key: string): string {
  return `${DRAFT_PREFIX}${encodeURIComponent(getSessionValue('driverId') ?? '-')}:${key}`;
}
/** Never written to storage, whatever the form calls them. */
const SECRET_FIELD = /senha|password|confirm/i;

function withoutSecrets(values: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELD.test(key) && !omit.includes(key)));
}

/**
 * The form's values without the draft, for each form whose draft differs from them: what
 * "Descartar" goes back to (the saved data, or the empty form).
 */
const restoredOver = new Map<string, object>();

/** The saved draft merged over the form's initial values (for Formik's initialValues). */
export function loadDraft<T extends object>(key: string, initialValues: T): T {
  restoredOver.delete(key);
  try {
    const saved = window.sessionStorage.getItem(draftStorageKey(key));
    if (!saved) return initialValues;
    const parsed: unknown = JSON.parse(saved);
    if (!parsed || typeof parsed !== 'object') return initialValues;
    const known = Object.fromEntries(Object.entries(parsed).filter(([field]) => field in initialValues && !SECRET_FIELD.test(field)));
    const merged = { ...initialValues, ...known };
    if (JSON.stringify(merged) !== JSON.stringify(initialValues)) restoredOver.set(key, initialValues);
    return merged;
  } catch {
    return initialValues;
  }
}

/** Orders changes and clearings: a draft cleared after the last change is not written back. */
let changeCount = 0;
const clearedAt = new Map<string, number>();

export function clearDraft(key: string): void {
  clearedAt.set(key, (changeCount += 1));
  restoredOver.delete(key);
  try {
    window.sessionStorage.removeItem(draftStorageKey(key));
  } catch {
    // Storage unavailable: nothing was saved either.
  }
}

export const DRAFT_TEXTS = {
  restored: 'Recuperamos o que você digitou e ainda não foi salvo.',
  discard: 'Descartar',
} as const;

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
 * Placed first inside a Formik form, keeps what the driver typed in session storage so a webview
 * reload, a trip to the camera or a step back in a wizard loses nothing. Passwords are never
 * stored. Written 250 ms after the last change, and at once when the page is hidden or the form
 * is left (a reload or a tap on "back" within those 250 ms loses nothing), unless the form
 * cleared its draft after the last change (a success moving on must not get it back).
 *
 * Decision, for every form (docs/session.md, "Drafts"): a restored draft is never mistaken for
 * saved data. When the form opens with typed values that differ from what it would show
 * without them, it says so at its top, with "Descartar" to go back to the saved data.
 */
export function FormDraft({ storageKey, omit = OMIT_NOTHING }: { storageKey: string; omit?: readonly string[] }) {
  const { values, resetForm } = useFormikContext<Record<string, unknown>>();
  const pending = useRef<{ save: () => void; change: number } | undefined>(undefined);
  const [savedValues, setSavedValues] = useState(() => restoredOver.get(storageKey));
  useEffect(() => {
    const save = () => {
      pending.current = undefined;
      saveDraft(storageKey, values, omit);
    };
    pending.current = { save, change: (changeCount += 1) };
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [values, storageKey, omit]);
  useEffect(() => {
    const flush = () => pending.current?.save();
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      const left = pending.current;
      if (left && (clearedAt.get(storageKey) ?? 0) < left.change) left.save();
    };
  }, [storageKey]);
  if (!savedValues) return null;
  const discard = () => {
    clearDraft(storageKey);
    resetForm({ values: savedValues as Record<string, unknown> });
    setSavedValues(undefined);
  };
  return (
    <div className="draft-notice" role="status">
      <span>{DRAFT_TEXTS.restored}</span>
      <button type="button" className="draft-discard" onClick={discard}>
        {DRAFT_TEXTS.discard}
      </button>
    </div>
  );
}
