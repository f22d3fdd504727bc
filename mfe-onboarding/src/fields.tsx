import { useId, type ReactNode } from 'react';
import { useField } from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import './fields.css';

/*
 * Form controls the platform's fields (FormField, SelectField, ChoiceField) do not cover: a
 * checkbox whose label carries a link, and the data forms' "Continuar". Class names
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

/** Said under the data forms (licence, vehicle) while a field is empty: the old app's rule. */
export const FILL_ALL = 'Preencha todos os campos para continuar.';

/**
 * The data forms' submit: "Continuar", disabled and described by FILL_ALL (shown above it) until
 * every field is filled (`filled`); aria-disabled while the save runs (`running`: a second tap is
 * ignored by the form's single flight, and says so to a screen reader).
 */
export function ContinueWhenFilled({ filled, running }: { filled: boolean; running: boolean }) {
  const hintId = `fill-all-${useId()}`;
  return (
    <>
      {filled ? null : (
        <p id={hintId} className="form-hint">
          {FILL_ALL}
        </p>
      )}
      <Button
        type="submit"
        className="button-block"
        disabled={!filled}
        aria-describedby={filled ? undefined : hintId}
        aria-disabled={running || undefined}
      >
        Continuar
      </Button>
    </>
  );
}
