import { useId, type ReactNode } from 'react';
import { useField } from '@driver-portal/shared/forms';
import './fields.css';

/*
 * Form controls the platform's fields (FormField, SelectField, ChoiceField) do not cover: a
 * checkbox whose label carries a link. Class names
 * carry the remote's prefix: the page may hold other remotes' styles too.
 */

/**
 * One checkbox of a list held as an array of ids (the policies accepted): checked when the id is
 * in the list. `extra` goes after the label (the link to the policy's document), outside it.
 */
export function ListCheckbox({ name, id: itemId, label, extra }: { name: string; id: number; label: string; extra?: ReactNode }) {
  const [field, , helpers] = useField<number[]>(name);
  const inputId = `${name}-${itemId}-${useId()}`;
  const list = field.value ?? [];
  const checked = list.includes(itemId);
  return (
    <div className="onboarding-checkbox">
      <input
        id={inputId}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => {
          const next = event.target.checked
            ? [...list.filter((value) => value !== itemId), itemId]
            : list.filter((value) => value !== itemId);
          void helpers.setValue(next.sort((a, b) => a - b));
        }}
        onBlur={field.onBlur}
      />
      <label htmlFor={inputId}>{label}</label>
      {extra}
    </div>
  );
}
