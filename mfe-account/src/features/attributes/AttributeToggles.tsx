import { useCallback, useRef, useState } from 'react';
import { showError } from '@driver-portal/shared/events';
import { ApiError, ERROR_TEXTS } from '@driver-portal/shared/http';
import type { Predicate } from '../../contract';
import type { AttributeList } from './api';

export const ATTRIBUTE_TEXTS = {
  failedTitle: 'Não foi possível salvar',
  failed: (label: string) => `A alteração de "${label}" foi desfeita.`,
  saved: (label: string, on: boolean) => `${label}: ${on ? 'sim' : 'não'}. Salvo.`,
} as const;

const isYes = (value: string | undefined, list: AttributeList) => value?.toLowerCase() === list.yes.toLowerCase();

function confirmedList(list: AttributeList, saved: Predicate[]): ReadonlyMap<string, string> {
  const entries = new Map(list.definitions.map(({ key }): [string, string] => [key, list.no]));
  for (const { key, value } of saved) entries.set(key, value);
  return entries;
}

function initialState(list: AttributeList, saved: Predicate[]): Record<string, boolean> {
  return Object.fromEntries(list.definitions.map(({ key }) => [key, isYes(saved.find((item) => item.key === key)?.value, list)]));
}

export interface AttributeTogglesProps {
  list: AttributeList;
  /** The values as loaded; a key the service leaves out is off. */
  saved: Predicate[];
  /** Saves the driver's whole list (every attribute, the one change in it). */
  save: (predicates: Predicate[]) => Promise<unknown>;
  label: string;
}

/**
 * Yes/no switches that flip at once and save at once (docs/product-rules.md, "Account"). A
 * save that fails flips its switch back and says so in error style (the original ignored the
 * failure and showed a value the service does not have); a save that succeeds is announced
 * (polite live region). A switch waits for its own save before it can be flipped again; the
 * others stay free.
 *
 * Each save sends the whole list as the service last confirmed it, with the one change: the
 * saves go one after another, so a failed one is rolled back without undoing one that
 * succeeded, and nothing depends on the service merging a partial list by key.
 */
export function AttributeToggles({ list, saved, save, label }: AttributeTogglesProps) {
  const [on, setOn] = useState(() => initialState(list, saved));
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const savingRef = useRef(new Set<string>());
  const [said, setSaid] = useState('');
  // What the service holds: every attribute read (unknown keys kept as they came), the screen's
  // own ones defaulting to "no"; updated only by a save that succeeded.
  const confirmed = useRef<ReadonlyMap<string, string>>(confirmedList(list, saved));
  const queue = useRef<Promise<void>>(Promise.resolve());

  const toggle = useCallback(
    (key: string, name: string, wanted: boolean) => {
      if (savingRef.current.has(key)) return;
      savingRef.current.add(key);
      setSaving(new Set(savingRef.current));
      setOn((current) => ({ ...current, [key]: wanted }));
      setSaid('');
      queue.current = queue.current.then(() => {
        const next = new Map(confirmed.current).set(key, wanted ? list.yes : list.no);
        return save([...next].map(([entry, value]) => ({ key: entry, value })))
          .then(() => {
            confirmed.current = next;
            setSaid(ATTRIBUTE_TEXTS.saved(name, wanted));
          })
          .catch((error: unknown) => {
            setOn((current) => ({ ...current, [key]: !wanted }));
            const reason = error instanceof ApiError ? error.message : ERROR_TEXTS.unexpected;
            showError(ATTRIBUTE_TEXTS.failedTitle, { message: `${ATTRIBUTE_TEXTS.failed(name)} ${reason}` });
          })
          .finally(() => {
            savingRef.current.delete(key);
            setSaving(new Set(savingRef.current));
          });
      });
    },
    [list, save],
  );

  return (
    <>
      <ul className="attribute-list" aria-label={label}>
        {list.definitions.map(({ key, label: name }) => {
          const id = `attribute-${key}`;
          const busy = saving.has(key);
          return (
            <li key={key} className="attribute-item">
              <label htmlFor={id} className="attribute-label">
                {name}
              </label>
              <input
                id={id}
                type="checkbox"
                role="switch"
                className="attribute-switch"
                checked={on[key] ?? false}
                aria-busy={busy || undefined}
                aria-disabled={busy || undefined}
                onChange={(event) => toggle(key, name, event.target.checked)}
              />
            </li>
          );
        })}
      </ul>
      <p className="attribute-status" role="status">
        {said}
      </p>
    </>
  );
}
