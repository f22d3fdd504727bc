import { useMaskito } from '@maskito/react';
import { useField } from 'formik';
import { useId, useRef, useState, type ClipboardEvent, type InputHTMLAttributes, type SyntheticEvent } from 'react';
import { FieldFrame, type ControlAria } from '@driver-portal/shared/ui';
import { nfc } from '@driver-portal/shared/validation';
import { MASK_OPTIONS, MASK_TEXTS, MASKS, pastedIntoMask, type MaskName } from './masks';
import { duringComposition, pasteInNfc, putInNfc } from './nfc-input';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value' | 'onChange'> {
  name: string;
  label: string;
  hint?: string;
  mask?: MaskName;
  /** Runs on blur before validation (e.g. e-mail lowercased on blur). */
  normalizeOnBlur?: (value: string) => string;
  /** False: leaving the field empty is not "touched" (no message until something is typed or the form is sent). */
  touchWhenLeftEmpty?: boolean;
}

/**
 * A Formik field with its label, optional mask, hint and error. The error shows once the field
 * was touched, is announced, and is tied to the input through aria-describedby.
 *
 * Masks are Maskito's: it formats each edit from its `beforeinput` event (typing, paste, an
 * Android keyboard committing several digits at once) and checks the whole value on `input`
 * (browser autofill, even into an unfocused field), with no timer, so keys sent with no gap
 * can neither be dropped nor reordered. As Maskito's guide for controlled inputs says, the
 * form's handler goes on `onInput`: the native event Maskito fires once the value is formatted.
 *
 * What an unmasked field holds is in Unicode NFC (issue 44, kind 4; ./nfc-input.ts): a name
 * pasted decomposed becomes the name a keyboard types, the caret where it was, and never while an
 * input method composes. A mask admits only ASCII letters and digits, NFC as they are.
 */
export function FormField({
  name,
  label,
  hint,
  mask,
  normalizeOnBlur,
  touchWhenLeftEmpty = true,
  className,
  onPaste,
  onCompositionStart,
  onCompositionEnd,
  ...input
}: FormFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const id = `${name}-${useId()}`;
  const maskRef = useMaskito({ options: mask ? MASK_OPTIONS[mask] : null });
  // A paste the mask would cut (issue 25: refuse what does not fit, never cut it): the field keeps
  // what it had and says why, until the next edit.
  const [refusedPaste, setRefusedPaste] = useState<string>();
  const error = refusedPaste ?? (meta.touched && meta.error ? meta.error : undefined);
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    // The code is the exception: a pasted SMS carries other digits, and the code is its first six.
    if (!mask) {
      const pasted = pasteInNfc(event);
      if (pasted === undefined) return;
      edited();
      void helpers.setValue(pasted);
      // Kept whole, never cut to the input's maxLength: its rule says why at once.
      if (input.maxLength !== undefined && pasted.length > input.maxLength) void helpers.setTouched(true);
      return;
    }
    if (mask === 'code' || event.defaultPrevented) return;
    const { holds, brings } = pastedIntoMask(mask, event.clipboardData.getData('text'));
    if (brings <= holds) return;
    event.preventDefault();
    setRefusedPaste(MASK_TEXTS.pasteTooLong(brings, holds, MASKS[mask].includes('A') ? 'caracteres' : 'dígitos'));
  };
  const edited = () => setRefusedPaste(undefined);
  const composing = useRef(false);
  /** The value in NFC, unless an input method is composing it (it owns the value until it ends). */
  const inNfc = (event: SyntheticEvent<HTMLInputElement>) => {
    if (!composing.current && !duringComposition(event)) putInNfc(event.currentTarget);
  };
  const control = (aria: ControlAria) => (
    <input
      {...(mask ? { inputMode: mask === 'cnpj' ? 'text' : 'numeric' } : {})}
      {...input}
      {...aria}
      ref={maskRef}
      id={id}
      name={name}
      value={field.value ?? ''}
      onPaste={paste}
      onCompositionStart={(event) => {
        composing.current = true;
        onCompositionStart?.(event);
      }}
      onCompositionEnd={(event) => {
        composing.current = false;
        onCompositionEnd?.(event);
        // Chrome sends the composition's last `input` before this event, still composing.
        if (mask) return;
        const composed = event.currentTarget.value;
        const normalized = putInNfc(event.currentTarget);
        if (normalized !== composed) void helpers.setValue(normalized);
      }}
      {...(mask
        ? {
            onInput: (event) => {
              edited();
              field.onChange(event);
            },
          }
        : {
            onChange: (event) => {
              edited();
              inNfc(event);
              field.onChange(event);
            },
          })}
      onBlur={(event) => {
        if (normalizeOnBlur) void helpers.setValue(nfc(normalizeOnBlur(event.target.value)), false);
        if (touchWhenLeftEmpty || event.target.value !== '') field.onBlur(event);
      }}
    />
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {control}
    </FieldFrame>
  );
}
