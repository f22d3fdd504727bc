import { useId } from 'react';
import { useField } from 'formik';
import './choice-field.css';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A question answered by one of a few choices: radio buttons in a fieldset named by the question,
 * 44 px targets, the error tied to the group and announced, as FormField does. Its style travels
 * with it (choice-field.css), so a remote newer than the host still shows it right.
 */
export function ChoiceField({ name, legend, choices }: { name: string; legend: string; choices: readonly Choice[] }) {
  const [field, meta] = useField<string>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <fieldset className={`choice-field${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {choices.map((choice) => (
          // The chosen one's class, not `:has(input:checked)`: Firefox ESR 115 of the browser floor drops a `:has()` rule.
          <label key={choice.value} className={`choice-option${field.value === choice.value ? ' choice-option-checked' : ''}`}>
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
