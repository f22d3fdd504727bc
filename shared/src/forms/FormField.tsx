import { InputMask } from '@react-input/mask';
import { useField } from 'formik';
import { useId, type InputHTMLAttributes } from 'react';
import { FieldFrame, type ControlAria } from '@driver-portal/shared/ui';
import { ALPHANUMERIC, DIGIT, MASKS, type MaskName } from './masks';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value' | 'onChange'> {
  name: string;
  label: string;
  hint?: string;
  mask?: MaskName;
  /** Runs on blur before validation (e.g. e-mail lowercased on blur). */
  normalizeOnBlur?: (value: string) => string;
}

/**
 * A Formik field with its label, optional mask, hint and error. The error shows once the field
 * was touched, is announced, and is tied to the input through aria-describedby.
 */
export function FormField({ name, label, hint, mask, normalizeOnBlur, className, ...input }: FormFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  const control = (aria: ControlAria) => {
    const common = {
      ...input,
      ...aria,
      id,
      name,
      value: field.value ?? '',
      onChange: field.onChange,
      onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
        if (normalizeOnBlur) void helpers.setValue(normalizeOnBlur(event.target.value), false);
        field.onBlur(event);
      },
    };
    return mask ? (
      <InputMask
        mask={MASKS[mask]}
        replacement={mask === 'cnpj' ? ALPHANUMERIC : DIGIT}
        inputMode={mask === 'cnpj' ? 'text' : 'numeric'}
        {...common}
      />
    ) : (
      <input {...common} />
    );
  };
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {control}
    </FieldFrame>
  );
}
