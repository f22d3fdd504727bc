/**
 * Text as a driver types or pastes it, in one Unicode form: NFC (Unicode Standard Annex #15,
 * "Unicode Normalization Forms"). The same name reaches the portal precomposed from a keyboard
 * ("João": `a` with tilde, U+00E3) and decomposed from iOS or a PDF ("Joa\u0303o": `a` then the
 * combining tilde U+0303). Both look alike and are canonically equivalent, but compare unequal
 * and count differently (4 against 5 UTF-16 code units), so every text is put in NFC before it is
 * checked, counted, compared and sent (issue 44, kind 4; docs/decisions/0019-text-in-nfc.md).
 *
 * NFC, never NFKC: NFKC also folds compatibility characters ("ª" into "a", "º" into "o", "½"
 * into "1⁄2", superscripts, ligatures), which changes what a document says ("1ª via", "Nº").
 */

/**
 * Characters below U+0300 are all NFC as they are (NFC_Quick_Check=Yes, combining class 0:
 * the Unicode Character Database, DerivedNormalizationProps.txt); a text made of them only is
 * already NFC, so the usual text (ASCII, Latin-1 accents typed on a keyboard) skips the
 * normalization itself. Surrogates (U+D800-U+DFFF) are within the class: a text with an emoji
 * is normalized.
 */
const MAY_CHANGE_IN_NFC = /[\u0300-\uffff]/;

/** `value` in NFC; the same string (no copy) when it is NFC already, as typed text usually is. */
export function nfc(value: string): string {
  return MAY_CHANGE_IN_NFC.test(value) ? value.normalize('NFC') : value;
}

/** Whether `value` is in NFC (what a keyboard types), i.e. `nfc(value) === value`. */
export function isNfc(value: string): boolean {
  return nfc(value) === value;
}

/**
 * Whether two texts say the same, in NFC: "João" typed and "Joa\u0303o" pasted are the same
 * text. Exact otherwise (case, spaces and accents count); undefined and null equal only each other.
 */
export function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return nfc(a) === nfc(b);
}

/**
 * A Yup transform (`string().transform(toNfc)`): the value in NFC before the schema's other
 * transforms and tests, so a limit of N characters counts the NFC text. Anything but a string
 * passes unchanged (Yup's own type check speaks for it).
 */
export function toNfc(value: unknown): unknown {
  return typeof value === 'string' ? nfc(value) : value;
}
