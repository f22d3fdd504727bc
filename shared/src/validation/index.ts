/**
 * Yup rules with the specification's messages (docs/product-rules.md, "Validation and masks"). Check digits
 * come from @brazilian-utils, not from hand-written arithmetic.
 */
import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { string } from 'yup';
import { isBrazilState } from './brazil';
import { toNfc } from './text';
import { mobileAreaCodeMessage, mobileProblem } from './phone';

export const VALIDATION_MESSAGES = {
  cpf: 'CPF invalido',
  cnpj: 'CNPJ Invalido!',
  email: 'Email invalido',
  password: 'Senha deve conter 8 dígitos',
  passwordMismatch: 'Senha e Confirmação de senha não coincidem',
  // Not given by the specification: ours.
  required: 'Campo obrigatório',
  code: 'O código deve ter 6 dígitos',
  mobile: 'Celular invalido',
  cep: 'CEP invalido',
} as const;

export const PASSWORD_LENGTH = 8;
export const CODE_LENGTH = 6;

const digits = (value: string) => value.replace(/\D/g, '');

/** CPF: digits only are taken, 11 of them, not all identical, valid check digits. */
export function isCpf(value: string | null | undefined): boolean {
  const cpf = digits(value ?? '');
  return cpf.length === 11 && !/^(\d)\1{10}$/.test(cpf) && isValidCPF(cpf);
}

/**
 * CNPJ, numeric or alphanumeric (valid from July 2026): 12 letters-or-digits plus 2 check
 * digits, punctuation ignored.
 */
export function isCnpj(value: string | null | undefined): boolean {
  const cnpj = (value ?? '').replace(/[./\-\s]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return isValidCNPJ(cnpj, { version: 2 });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string | null | undefined): boolean {
  return EMAIL.test((value ?? '').trim());
}

export const cpfSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.cpf)
    .test('cpf', VALIDATION_MESSAGES.cpf, (value) => isCpf(value));

export const cnpjSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.cnpj)
    .test('cnpj', VALIDATION_MESSAGES.cnpj, (value) => isCnpj(value));

export const cpfOrCnpjSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.cpf)
    .test('cpf-or-cnpj', (value, context) => {
      const clean = (value ?? '').replace(/[./\-\s]/g, '');
      if (clean.length <= 11 && /^\d*$/.test(clean)) return isCpf(clean) || context.createError({ message: VALIDATION_MESSAGES.cpf });
      return isCnpj(clean) || context.createError({ message: VALIDATION_MESSAGES.cnpj });
    });

export const passwordSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.password)
    .min(PASSWORD_LENGTH, VALIDATION_MESSAGES.password)
    .max(PASSWORD_LENGTH, VALIDATION_MESSAGES.password);

export const codeSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.code)
    .test('code', VALIDATION_MESSAGES.code, (value) => digits(value ?? '').length === CODE_LENGTH);

/**
 * Mobile: (00) 0.0000.0000, 11 digits with the area code (a pasted +55 dropped), as ANATEL numbers
 * mobiles (./phone.ts): an area code not in use says which ("O DDD 20 não existe: ..."), anything
 * else wrong "Celular invalido".
 */
export const mobileSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.mobile)
    .test('mobile', (value, context) => {
      const problem = mobileProblem(value);
      if (problem === undefined) return true;
      return context.createError({ message: problem === 'invalid' ? VALIDATION_MESSAGES.mobile : mobileAreaCodeMessage(problem.areaCode) });
    });

/** A CEP: none typed is "Campo obrigatório" (as every required field), a partial one "CEP invalido". */
export const cepSchema = () =>
  string()
    .required(VALIDATION_MESSAGES.required)
    .test('cep', VALIDATION_MESSAGES.cep, (value) => digits(value ?? '').length === 8);

/**
 * How long a text field may be, where the specification does not say (it says only the address
 * number, 6): limits a service can hold and a screen can show (issue 25, point 6; the decision
 * in docs/product-rules.md, "Validation and masks"). Never as an input's maxLength: a browser
 * cuts a paste to it without a word; the schema refuses instead.
 */
export const TEXT_LIMITS = { name: 100, text: 100, remark: 200, city: 60, identifier: 20, email: 100 } as const;

export const TEXT_MESSAGES = {
  tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  controlCharacter: 'Há um caractere invisível ou de controle no texto: apague-o.',
  dateOutOfRange: 'Data fora do período possível.',
} as const;

/**
 * Characters a driver never means to type and that change how the text is shown or read: bidi
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069, which can make "Silva" show as "avliS"),
 * other C0/C1 controls and the zero-width ones.
 */
// Built from escapes: the characters themselves would be invisible in this file. Matching control
// characters is the point here.
// eslint-disable-next-line no-control-regex -- the rule exists to find exactly these characters
const CONTROL_CHARACTERS = new RegExp('[\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]');

export function hasControlCharacter(value: string | null | undefined): boolean {
  return CONTROL_CHARACTERS.test(value ?? '');
}

/**
 * A free-text field: in NFC, trimmed, at most `max` characters of the NFC text (a name pasted
 * decomposed counts as typed: docs/decisions/0019-text-in-nfc.md), no control or bidi characters.
 */
export const textSchema = (max: number = TEXT_LIMITS.text) =>
  string()
    .transform(toNfc)
    .trim()
    .max(max, TEXT_MESSAGES.tooLong(max))
    .test('control-character', TEXT_MESSAGES.controlCharacter, (value) => !hasControlCharacter(value));

/** An e-mail: in NFC, at most TEXT_LIMITS.email characters, no control or bidi characters (issue 25, point 6), a valid address. */
export const emailSchema = (message: string = VALIDATION_MESSAGES.email) =>
  string()
    .transform(toNfc)
    .trim()
    .required(message)
    .max(TEXT_LIMITS.email, TEXT_MESSAGES.tooLong(TEXT_LIMITS.email))
    .test('control-character', TEXT_MESSAGES.controlCharacter, (value) => !hasControlCharacter(value))
    .test('email', message, (value) => isEmail(value));

export {
  ageOn,
  anniversary,
  BRAZIL_TIME_ZONES,
  brazilCalendarDay,
  brazilToday,
  brazilYear,
  daysInMonth,
  driverTimeZone,
  isoDate,
  isoDateFromToday,
  latestBirthDateFor,
  latestStart,
  type CalendarDay,
} from './dates';

/** Whether an ISO date (YYYY-MM-DD) lies within [min, max], both ISO dates. */
export function isoDateWithin(iso: string | undefined, min: string, max: string): boolean {
  return iso !== undefined && iso >= min && iso <= max;
}

export { BRAZIL_STATES, isBrazilState, type BrazilState } from './brazil';
export * from './documents';
export { isNfc, nfc, sameText, toNfc } from './text';

/** A state code (UF) of the select of the 27 states; empty passes (make it required apart). */
export const brazilStateSchema = (message: string = VALIDATION_MESSAGES.required) =>
  string().test('uf', message, (value) => !value || isBrazilState(value));

// Apps build their schemas from these (one copy of Yup per page, through this shared module).
export { object, string, ref, array, boolean, number, mixed, ValidationError, type InferType } from 'yup';

export * from './banking';
export { mobileAreaCodeMessage, mobileProblem, nationalMobileDigits } from './phone';
