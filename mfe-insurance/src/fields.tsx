import { useId } from 'react';
import { useField } from '@driver-portal/shared/forms';
import './fields.css';

/*
 * Form controls the platform's fields (FormField, SelectField) do not cover: a Sim/Não choice
 * and a checkbox, each a Formik field with its label and its error tied to it and announced,
 * as FormField does. Candidates for the platform's forms part once another remote needs them.
 */

/** A question answered by one of a few choices (radio buttons in a fieldset named by the question). */
export function ChoiceField({ name, legend, choices }: { name: string; legend: string; choices: readonly string[] }) {
  const [field, meta] = useField<string>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <fieldset className={`choice-field${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {choices.map((choice) => (
          <label key={choice} className="choice-option">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={field.value === choice}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
            <span>{choice}</span>
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

/** A checkbox (terms accepted): its value is a boolean. */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  const [field, meta, helpers] = useField<boolean>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <div className={`checkbox-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="checkbox-option">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={field.value === true}
          onChange={(event) => void helpers.setValue(event.target.checked)}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
