import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

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
