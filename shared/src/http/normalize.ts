/**
 * The request layer's last guard for text (issue 44, kind 4; docs/decisions/0019-text-in-nfc.md):
 * every string a call sends in its JSON body or its query is in Unicode NFC (UAX #15), whatever
 * put it there: a form field (which already gives NFC), a draft saved before, a list kept in
 * storage, a value set by script. A name pasted decomposed ("Joa\u0303o") then reaches the
 * services as a keyboard types it ("João") and matches it downstream.
 *
 * Kept in this part (not taken from `validation`): `http` is on every screen, and must not pull
 * Yup in with it.
 */

/** Below U+0300 every character is NFC as it is (see `nfc` in validation/text.ts): no work then. */
const MAY_CHANGE_IN_NFC = /[\u0300-\uffff]/;

const nfcString = (value: string) => (MAY_CHANGE_IN_NFC.test(value) ? value.normalize('NFC') : value);

/** A plain object as JSON.stringify writes it, field by field (not a Date, Blob, FormData...). */
function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `value` with every string in NFC: strings, and the string values of arrays and plain objects
 * at any depth. Keys are left as they are (the contract's field names). Anything else passes as
 * it is, the same object: FormData and file uploads, Blob, ArrayBuffer and typed arrays,
 * URLSearchParams, Dates, numbers. Nothing is changed in place; what is already NFC (the usual
 * case) comes back as the very same value, so a 10 MB base64 photo costs one scan, no copy.
 */
export function nfcStrings<T>(value: T): T {
  return normalized(value, new Set()) as T;
}

function normalized(value: unknown, seen: Set<object>): unknown {
  if (typeof value === 'string') return nfcString(value);
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    const items: unknown[] = value;
    const next = items.map((item) => normalized(item, seen));
    seen.delete(value);
    return next.every((item, index) => item === items[index]) ? value : next;
  }
  if (!isPlainObject(value)) return value;
  // A cycle would make JSON.stringify throw anyway; it must not loop here first.
  seen.add(value);
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const next = normalized(item, seen);
    if (next !== item) changed = true;
    return [key, next] as const;
  });
  seen.delete(value);
  return changed ? Object.fromEntries(entries) : value;
}
