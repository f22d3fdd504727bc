/**
 * The request layer's last guard for text (issue 44, kind 4; docs/decisions/0019-text-in-nfc.md):
 * every string a call sends in its JSON body is in Unicode NFC (UAX #15), whatever
 * put it there: a form field (which already gives NFC), a draft saved before, a list kept in
 * storage, a value set by script. A name pasted decomposed ("Joa\u0303o") then reaches the
 * services as a keyboard types it ("João") and matches it downstream.
 *
 * Kept in this part (not taken from `validation`): `http` is on every screen, and must not pull
 * Yup in with it.
 */

/** Below U+0300 every character is NFC as it is (see `nfc` in validation/text.ts): no work then. */
const MAY_CHANGE_IN_NFC = /[\u0300-\uffff]/;

/**
 * A request body as axios is about to send it, in NFC: axios' own transform has already written a
 * plain object or array as JSON text, and that text in NFC is the JSON of the same values with
 * every string in NFC (JSON's own characters, quotes, brackets, commas, colons, digits and
 * escapes, compose with no mark, so only the strings' text changes). Anything that is not text
 * passes as it is, the same object: FormData and file uploads, Blob, ArrayBuffer, typed arrays,
 * URLSearchParams. Text already NFC (the usual case) comes back as it is: a 10 MB base64 photo
 * costs one scan, no copy. A query's values come from the forms' fields, already NFC.
 */
export function nfcBody(data: unknown): unknown {
  return typeof data === 'string' && MAY_CHANGE_IN_NFC.test(data) ? data.normalize('NFC') : data;
}
