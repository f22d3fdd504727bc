import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onlyDigits } from '@driver-portal/shared/format';

/**
 * The CEP lookup of an address form (docs/product-rules.md, "Gaps the product defines"): once the
 * CEP is complete (8 digits: a partial CEP cannot be answered) it is looked up once, and what the
 * app's own call found is handed to `onFound` to fill the address. A CEP the form starts with (a
 * draft restored after a reload) is not looked up again: the address under it may have been
 * corrected by hand since. A lookup whose CEP changed, or whose screen left, is aborted and asked
 * again when the CEP is complete. `notFound`: the lookup for the CEP now typed found nothing or
 * failed (never while a new lookup of it runs); the driver types the address. `onLeft`: the CEP a
 * lookup filled the address for has changed, so what it filled no longer belongs to the CEP
 * typed: the form undoes it where the driver did not change it (an address of another CEP must
 * never be sent with this one).
 *
 * The call stays the app's (its contract, its service); only the mechanism is the platform's.
 */
export function useZipLookup<Found>(
  cep: string,
  lookup: (digits: string, signal: AbortSignal) => Promise<Found>,
  onFound: (found: Found) => void,
  onLeft?: (found: Found) => void,
): { notFound: boolean } {
  const digits = onlyDigits(cep);
  const [failedFor, setFailedFor] = useState<string>();
  const looked = useRef<string | undefined>(digits.length === 8 ? digits : undefined);
  // The latest callbacks, so a form passing inline functions does not restart the lookup.
  const latest = useRef({ lookup, onFound, onLeft });
  useLayoutEffect(() => {
    latest.current = { lookup, onFound, onLeft };
  });
  const filled = useRef<{ digits: string; found: Found } | undefined>(undefined);

  useEffect(() => {
    const left = filled.current;
    if (left && left.digits !== digits) {
      filled.current = undefined;
      latest.current.onLeft?.(left.found);
    }
    if (digits.length !== 8) {
      looked.current = undefined;
      return;
    }
    if (looked.current === digits) return;
    looked.current = digits;
    setFailedFor(undefined);
    const controller = new AbortController();
    latest.current.lookup(digits, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        filled.current = { digits, found };
        latest.current.onFound(found);
      },
      () => {
        if (!controller.signal.aborted) setFailedFor(digits);
      },
    );
    return () => {
      controller.abort();
      if (looked.current === digits) looked.current = undefined;
    };
  }, [digits]);

  return { notFound: failedFor !== undefined && failedFor === digits };
}
