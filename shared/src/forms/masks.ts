import type { MaskitoOptions, MaskitoPostprocessor, MaskitoPreprocessor } from '@maskito/core';

/**
 * Masks of docs/product-rules.md, "Validation and masks": `0` is a digit, `A` a letter or digit (alphanumeric CNPJ, valid from
 * July 2026: 12 letters-or-digits, then 2 check digits); anything else is a fixed character
 * the mask writes itself.
 */
export const MASKS = {
  cpf: '000.000.000-00',
  cnpj: 'AA.AAA.AAA/AAAA-00',
  cep: '00000-000',
  cardCep: '00.000-000',
  mobile: '(00) 0.0000.0000',
  code: '000000',
  date: '00/00/0000',
} as const;

export type MaskName = keyof typeof MASKS;

const SLOTS: Record<string, RegExp> = { '0': /\d/, A: /[0-9A-Za-z]/ };

function fromPattern(pattern: string): Array<RegExp | string> {
  return [...pattern].map((char) => SLOTS[char] ?? char);
}

/** CNPJ letters are upper case: shown and submitted that way whatever the keyboard sent. */
const upperCase: MaskitoPostprocessor = ({ value, selection }) => ({ value: value.toUpperCase(), selection });

/**
 * A pasted or autofilled international number (+55 11 9…, 5511 9…) would otherwise fill the
 * area code with the country code: a wrong number that still looks complete.
 */
const withoutCountryCode: MaskitoPreprocessor = ({ elementState, data }) => {
  const national = (text: string) => {
    const digits = text.replace(/\D/g, '');
    return digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : text;
  };
  const value = national(elementState.value);
  // An autofilled value is checked whole (no typed data): the caret goes to its end.
  const state = value === elementState.value ? elementState : { value, selection: [value.length, value.length] as const };
  return { elementState: state, data: national(data) };
};

/** One options object per mask, created once: Maskito is re-created whenever its options change. */
export const MASK_OPTIONS: Record<MaskName, MaskitoOptions> = {
  cpf: { mask: fromPattern(MASKS.cpf) },
  cnpj: { mask: fromPattern(MASKS.cnpj), postprocessors: [upperCase] },
  cep: { mask: fromPattern(MASKS.cep) },
  cardCep: { mask: fromPattern(MASKS.cardCep) },
  mobile: { mask: fromPattern(MASKS.mobile), preprocessors: [withoutCountryCode] },
  code: { mask: fromPattern(MASKS.code) },
  date: { mask: fromPattern(MASKS.date) },
};

/** A mask's slot characters: digits, or letters-or-digits where it has an `A` slot (CNPJ). */
const slotCharacters = (mask: MaskName) => (MASKS[mask].includes('A') ? /[0-9A-Za-z]/g : /\d/g);

/**
 * What a pasted text would put into a masked field: how many characters the mask holds, and how
 * many the text brings (a mobile's +55 country code is not counted: the mask drops it). More
 * than it holds: the mask would keep the first ones and drop the rest without a word (a 12-digit
 * number pasted as a mobile becomes another, valid-looking 11-digit one): refuse it instead.
 */
export function pastedIntoMask(mask: MaskName, text: string): { holds: number; brings: number } {
  const holds = [...MASKS[mask]].filter((char) => SLOTS[char]).length;
  let brings = text.match(slotCharacters(mask))?.length ?? 0;
  if (mask === 'mobile' && brings === 13 && text.replace(/\D/g, '').startsWith('55')) brings = 11;
  return { holds, brings };
}

export const MASK_TEXTS = {
  /** Ours (issue 25, point 3 and 6): refused, never cut. */
  pasteTooLong: (brings: number, holds: number, unit: string) =>
    `O texto colado tem ${brings} ${unit} e este campo aceita ${holds}: confira e digite ou cole de novo.`,
} as const;
