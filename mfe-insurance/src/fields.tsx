import { useId } from 'react';
import { useField } from '@driver-portal/shared/forms';
import './fields.css';

/*
 * A form control the platform's fields (FormField, SelectField, ChoiceField) do not cover: a
 * checkbox, a Formik field with its label and its error tied to it and announced, as FormField
 * does. Class names carry the remote's prefix: the page may hold other remotes' styles too.
 */

/** A checkbox (terms accepted): its value is a boolean. */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  const [field, meta, helpers] = useField<boolean>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <div className={`insurance-checkbox${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="insurance-checkbox-option">
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
