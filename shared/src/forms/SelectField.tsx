import { useField } from 'formik';
import { useId, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from '@driver-portal/shared/ui';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'value' | 'onChange'> {
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The empty first choice (value ''), e.g. "Selecione"; none when absent. */
  placeholder?: string;
  hint?: string;
}

/**
 * A Formik select with its label, hint and error, tied together and announced as FormField does
 * for inputs: the error shows once the select was touched.
 */
export function SelectField({ name, label, options, placeholder, hint, className, ...select }: SelectFieldProps) {
  const [field, meta] = useField<string>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <select {...select} {...aria} id={id} name={name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
