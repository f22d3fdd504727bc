/**
 * A Brazilian mobile number as a driver types or pastes it, checked as ANATEL numbers it
 * (Resolução 749/2022, the Plano Geral de Numeração), with @brazilian-utils/brazilian-utils 2.4.0:
 * `getAreaCodeInfo` knows the 67 area codes (DDD) in use (ANATEL's "Códigos Nacionais"), and
 * `isValidMobilePhone(…, { version: 2 })` the rest of art. 12: 11 digits, the number starting
 * with 7, 8 or 9 (Serviço Móvel Pessoal), the 700 series (satellite) left out.
 */
import { getAreaCodeInfo, isValidMobilePhone } from '@brazilian-utils/brazilian-utils';

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
  if (getAreaCodeInfo(areaCode) === null) return { areaCode };
  return isValidMobilePhone(national, { version: 2 }) ? undefined : 'invalid';
}
