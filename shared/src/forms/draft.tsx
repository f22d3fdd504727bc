import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { getSessionValue } from '@driver-portal/shared/session';
// eslint-disable-next-line no-restricted-imports -- the one storage layer, stateless (its memory lives on the window)
import { durable, pageStorage, type PageStorage } from '../session/storage';
import './draft.css';

const DRAFT_PREFIX = 'driver-portal:draft:';

/**
 * Where drafts are kept: the tab's session storage, or the page's memory when the webview gives
 * none, throws or has no quota (then a draft lasts as long as the page: the form says so once,
 * `DRAFT_TEXTS.notKept`). Never throws. For a form's own values kept beside its draft (the code
 * step of a contact change, under `draftStorageKey`).
 */
export function draftStorage(): PageStorage {
  return pageStorage();
}

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
    const saved = draftStorage().getItem(draftStorageKey(key));
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
  draftStorage().removeItem(draftStorageKey(key));
}

export const DRAFT_TEXTS = {
  restored: 'Recuperamos o que você digitou e ainda não foi salvo.',
  discard: 'Descartar',
  /** Said once per page, in the first form whose draft cannot outlive a reload (decision 0020). */
  notKept:
    'Neste aplicativo, o portal não consegue guardar o que você digita: se a página for recarregada ou fechada, será preciso preencher de novo.',
} as const;

/**
 * Saves the draft (the page's memory when the storage refuses it) and says whether it will
 * survive a reload of the page.
 */
function saveDraft(key: string, values: Record<string, unknown>, omit: readonly string[]): boolean {
  const store = draftStorage();
  const storageKey = draftStorageKey(key);
  try {
    store.setItem(storageKey, JSON.stringify(withoutSecrets(values, omit)));
  } catch {
    // Values JSON cannot write (a cycle): no draft, the form still works.
    return true;
  }
  return durable(storageKey);
}

/**
 * The one form of the page that says its draft cannot outlive a reload: held on the window, so
 * the forms of every remote on the page (each bundles this file) agree that it is said once. The
 * form that said it says it again when reopened (the same place); no other form repeats it.
 */
const NOT_KEPT_NOTICE = '__driverPortalDraftNotKept';
type WindowWithNotice = Window & { [NOT_KEPT_NOTICE]?: string };

function claimNotKeptNotice(key: string): boolean {
  const holder = window as WindowWithNotice;
  holder[NOT_KEPT_NOTICE] ??= key;
  return holder[NOT_KEPT_NOTICE] === key;
}

/** One array for "omit nothing": a new `[]` on every render would re-arm the save timer each time. */
const OMIT_NOTHING: readonly string[] = [];
const SAVE_AFTER_MS = 250;

/**
 * Placed first inside a Formik form, keeps what the driver typed in session storage so a webview
 * reload, a trip to the camera or a step back in a wizard loses nothing. In a webview without
 * usable storage the draft is kept in the page's memory (a trip to the camera or a step back
 * still loses nothing) and the first such form of the page says, once, that a reload would
 * (`DRAFT_TEXTS.notKept`). Passwords are never
 * stored. Written 250 ms after the last change, and at once when the page is hidden or the form
 * is left (a reload or a tap on "back" within those 250 ms loses nothing), never once the form
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
  // Known at once when what the page keeps already lives in memory (the session's token, in a
  // webview without usable storage) or there is no storage; else learnt when a draft is refused.
  const [notKept, setNotKept] = useState(() => !durable() && claimNotKeptNotice(storageKey));
  useEffect(() => {
    const change = (changeCount += 1);
    const save = () => {
      pending.current = undefined;
      // A form that cleared its draft after this change (a success moving on) never writes it
      // back: on a slow phone the 250 ms can end before the next screen replaces the form.
      if ((clearedAt.get(storageKey) ?? 0) > change) return;
      if (!saveDraft(storageKey, values, omit) && claimNotKeptNotice(storageKey)) setNotKept(true);
    };
    pending.current = { save, change };
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
      pending.current?.save();
    };
  }, [storageKey]);
  const notice = notKept ? (
    <p className="draft-not-kept" role="status">
      {DRAFT_TEXTS.notKept}
    </p>
  ) : null;
  if (!savedValues) return notice;
  const discard = () => {
    clearDraft(storageKey);
    resetForm({ values: savedValues as Record<string, unknown> });
    setSavedValues(undefined);
  };
  return (
    <>
      {notice}
      <div className="draft-notice" role="status">
        <span>{DRAFT_TEXTS.restored}</span>
        <button type="button" className="draft-discard" onClick={discard}>
          {DRAFT_TEXTS.discard}
        </button>
      </div>
    </>
  );
}
