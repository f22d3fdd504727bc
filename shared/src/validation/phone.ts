/**
 * A Brazilian mobile number as a driver types or pastes it, checked as ANATEL numbers it
 * (Resolução 749/2022, the Plano Geral de Numeração): one of the 67 area codes (DDD) in use
 * (ANATEL's "Códigos Nacionais") and, by art. 12, I, "a", a number of the mobile service (SMP):
 * its first digit 7, 8 or 9, the 700 series (satellite) left out.
 *
 * The rule of @brazilian-utils/brazilian-utils 2.4.0 (`getAreaCodeInfo`, `isValidMobilePhone`
 * with `version: 2`), written out: the library's look-ups bring state names, regions, landline
 * and service-number tables along (about 1.5 KB gzip on the onboarding's first screen, whose
 * budget only goes down). phone.test.ts holds this rule equal to the library's for every area
 * code and for numbers of every first digit.
 */
const AREA_CODES = new Set(
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'.split(
    ' ',
  ),
);

/** The 9 digits after the area code of a mobile (SMP): first digit 7, 8 or 9, not the 700 series. */
const MOBILE_NUMBER = /^(?!700)[789]\d{8}$/;

/** Whether a two-digit area code (DDD) is one ANATEL has in use. */
export const isAreaCode = (code: string) => AREA_CODES.has(code);

/** The message for an area code ANATEL never allocated (ours: "Celular invalido" would not say which part is wrong). */
export const mobileAreaCodeMessage = (areaCode: string) => `O DDD ${areaCode} não existe: confira os dois primeiros números do celular.`;

/**
 * The 11 national digits (DDD and number) of what was typed: punctuation dropped, and a country
 * code (+55 or 0055) dropped only when 11 digits follow it, so a number of DDD 55 is kept whole.
 */
export function nationalMobileDigits(value: string | null | undefined): string {
  const all = (value ?? '').replace(/\D/g, '');
  for (const prefix of ['0055', '55']) {
    if (all.startsWith(prefix) && all.length - prefix.length === 11) return all.slice(prefix.length);
  }
  return all;
}

/**
 * What is wrong with a typed mobile: `undefined` when it is a mobile ANATEL could have issued,
 * `{ areaCode }` when its 11 digits start with a DDD not in use, `'invalid'` otherwise (a length
 * other than 11, a number not of the mobile service).
 */
export function mobileProblem(value: string | null | undefined): undefined | 'invalid' | { areaCode: string } {
  const national = nationalMobileDigits(value);
  if (national.length !== 11) return 'invalid';
  const areaCode = national.slice(0, 2);
  if (!isAreaCode(areaCode)) return { areaCode };
  return MOBILE_NUMBER.test(national.slice(2)) ? undefined : 'invalid';
}
