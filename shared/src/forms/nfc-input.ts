import type { ClipboardEvent, SyntheticEvent } from 'react';
import { nfc } from '@driver-portal/shared/validation';

/*
 * What a driver types or pastes into an input, in Unicode NFC (issue 44, kind 4;
 * docs/decisions/0019-text-in-nfc.md), without breaking an input method: Gboard and iOS compose
 * each word (the underlined text) and own the input's value until the composition ends, so the
 * value is never rewritten while a composition runs (`compositionstart` to `compositionend`, or an
 * `input` event whose isComposing says so); it is put in NFC on the next `input` outside one and
 * on `compositionend`. Text already in NFC (what a keyboard types) is never touched.
 */

/** Where the caret (or a selection's end) at `offset` of `value` lands once `value` is in NFC. */
const offsetInNfc = (value: string, offset: number, length: number) => Math.min(nfc(value.slice(0, offset)).length, length);

/**
 * The input's selection, or null where the input's type has none (e-mail, number: reading it may
 * return null or, in older engines, throw).
 */
function selectionOf(input: HTMLInputElement): { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection } = input;
    if (start === null || end === null) return null;
    return { start, end, direction: selectionDirection ?? 'none' };
  } catch {
    return null;
  }
}

function select(input: HTMLInputElement, start: number, end: number, direction: 'forward' | 'backward' | 'none'): void {
  if (input.ownerDocument.activeElement !== input) return;
  try {
    input.setSelectionRange(start, end, direction);
  } catch {
    // An input type without a selection (e-mail): the caret stays where the browser puts it.
  }
}

/** Whether the event happened during a composition (the IME's text is not final yet). */
export function duringComposition(event: SyntheticEvent): boolean {
  return (event.nativeEvent as Partial<InputEvent>).isComposing === true;
}

/**
 * Puts the input's text in NFC in place, the caret kept at the same place of the text (after the
 * same characters), and returns the input's value. Writing the input's value before React renders
 * the field's new value leaves React nothing to write, so the caret does not jump to the end.
 */
export function putInNfc(input: HTMLInputElement): string {
  const value = input.value;
  const normalized = nfc(value);
  if (normalized === value) return value;
  const selection = selectionOf(input);
  input.value = normalized;
  if (selection) {
    const length = input.value.length;
    select(input, offsetInNfc(value, selection.start, length), offsetInNfc(value, selection.end, length), selection.direction);
  }
  return input.value;
}

/**
 * A paste into an input with a maxLength: the browser cuts the pasted text to fit by UTF-16 code
 * units, before any `input` event, so a decomposed text is cut by its combining marks ("José" of
 * 4 characters pasted decomposed is 5 units). When the pasted text is not in NFC, the paste is
 * done here instead, in NFC, and never cut (a text too long is kept whole and refused by its rule,
 * as docs/product-rules.md, "Validation and masks", says of every field). Returns the new value,
 * or undefined when the browser pastes as usual (the `input` event then puts it in NFC).
 */
export function pasteInNfc(event: ClipboardEvent<HTMLInputElement>): string | undefined {
  const input = event.currentTarget;
  if (event.defaultPrevented || input.maxLength < 0) return undefined;
  const pasted = event.clipboardData.getData('text');
  const normalized = nfc(pasted);
  if (normalized === pasted) return undefined;
  event.preventDefault();
  const value = input.value;
  const selection = selectionOf(input) ?? { start: value.length, end: value.length, direction: 'none' as const };
  const before = value.slice(0, selection.start);
  // The browser's own sanitizing for a one-line input applies (line breaks dropped) as for any paste.
  input.value = `${before}${normalized}${value.slice(selection.end)}`;
  const caret = Math.min(before.length + normalized.replace(/[\r\n]/g, '').length, input.value.length);
  select(input, caret, caret, 'none');
  return input.value;
}
