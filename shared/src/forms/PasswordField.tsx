import { useField } from 'formik';
import type { ClipboardEvent } from 'react';
import { nfc, PASSWORD_LENGTH } from '@driver-portal/shared/validation';
import { FormField, type FormFieldProps } from './FormField';

/**
 * The hint under a new password, the seed's words to the letter ("deve ter 8 digitos, contendo
 * letras, números ou símbolos"): it says what the error "Senha deve conter 8 dígitos" says.
 */
export const PASSWORD_HINT = 'deve ter 8 digitos, contendo letras, números ou símbolos';

export interface PasswordFieldProps extends Omit<FormFieldProps, 'type' | 'minLength' | 'maxLength' | 'mask' | 'onPaste' | 'autoComplete'> {
  /**
   * `current`: the password the driver has; `new`: the one being chosen (the hint shows);
   * `confirmation`: the new one typed again. Sets the input's autocomplete accordingly.
   */
  kind: 'current' | 'new' | 'confirmation';
}

/**
 * A password of the portal: exactly PASSWORD_LENGTH characters, so the input says minlength and
 * maxlength 8 (the browser and a password manager know the length); a new password shows the
 * seed's hint unless told otherwise. A paste longer than 8 is not cut to 8 by the browser (that
 * would set a password the driver does not know): it replaces the field whole and the rule's
 * message ("Senha deve conter 8 dígitos") shows at once (a value set by script is not cut by
 * maxLength). Its length is counted in NFC, as every text of the portal (a password pasted
 * decomposed is the one a keyboard types: docs/decisions/0019-text-in-nfc.md). Never put in a
 * draft: the forms using it save no password.
 */
export function PasswordField({ name, kind, hint, ...input }: PasswordFieldProps) {
  const [, , helpers] = useField<string>(name);
  const keepLongPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = nfc(event.clipboardData.getData('text'));
    if (pasted.length <= PASSWORD_LENGTH) return;
    event.preventDefault();
    void helpers.setValue(pasted, false);
    void helpers.setTouched(true, true);
  };
  return (
    <FormField
      {...input}
      name={name}
      type="password"
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      minLength={PASSWORD_LENGTH}
      maxLength={PASSWORD_LENGTH}
      hint={hint ?? (kind === 'new' ? PASSWORD_HINT : undefined)}
      onPaste={keepLongPaste}
    />
  );
}
