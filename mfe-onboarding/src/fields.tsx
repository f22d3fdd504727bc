import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useField, useFormikContext } from '@driver-portal/shared/forms';
import './fields.css';

/*
 * Form controls the platform's FormField and SelectField do not cover: a question answered by
 * one of a few choices, and a checkbox whose label carries a link. Each is a Formik field with
 * its error tied to it and announced, as the platform's fields are.
 */

export interface Choice {
  value: string;
  label: string;
}

/** Radio buttons in a fieldset named by the question. */
export function ChoiceField({ name, legend, choices }: { name: string; legend: string; choices: readonly Choice[] }) {
  const [field, meta] = useField<string>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <fieldset className={`choice-field${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {choices.map((choice) => (
          <label key={choice.value} className="choice-option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={field.value === choice.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

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
    <div className="checkbox-field">
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

/**
 * After a submit the rules refused, moves the focus to the first field in error (in the order
 * of the form), so a screen-reader or keyboard user lands where the work is.
 */
export function FocusFirstError() {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    if (!hasErrors) return;
    const form = marker.current?.closest('form');
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValidating, hasErrors]);
  return <span ref={marker} hidden />;
}
