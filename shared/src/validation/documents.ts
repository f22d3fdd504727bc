/**
 * The numbers of a driver's licence (CNH) and of a vehicle's registration (CRLV), checked as their
 * issuers define them (issue 44, kind 1): length, alphabet and, where the issuer publishes one, the
 * check digits. Each rule says which of these is wrong, so the message under the field can say it.
 * Check digits come from @brazilian-utils where it has the rule; a structure written here cites
 * the text that defines it. The same rules run on the wire in deploy/nginx/portal-open-calls.mjs
 * (njs, no imports: held equal by deploy/test/open-calls.test.ts).
 */
import { isValidCnh } from '@brazilian-utils/brazilian-utils/is-valid-cnh';
import { isValidLicensePlate } from '@brazilian-utils/brazilian-utils/is-valid-license-plate';
import { isValidRenavam } from '@brazilian-utils/brazilian-utils/is-valid-renavam';
import { string } from 'yup';
import { BRAZIL_STATES } from './brazil';

/** What is wrong with a number: its length, a character it cannot hold, or its check digit(s). */
export type DocumentProblem = 'length' | 'alphabet' | 'checkDigit';
/** What is wrong with a number that has no check digit. */
export type StructureProblem = Exclude<DocumentProblem, 'checkDigit'>;

/** The separators a driver may paste or type between the groups of a printed number. */
const SEPARATORS = /[\s.-]/g;

/** The value without the spaces, dots and hyphens a paste brings, upper case (a number prints none of them). */
export function documentDigits(value: string | null | undefined): string {
  return (value ?? '').replace(SEPARATORS, '').toUpperCase();
}

/**
 * RENAVAM (the vehicle's national registry code, printed on the CRLV): 11 digits, the last a
 * modulo-11 check digit of the first ten (@brazilian-utils isValidRenavam; its sources:
 * validation-br and brutils, since the CTB creates the registry without defining the digit).
 * The old 9-digit form (before 2013 the registry printed 9 digits; the 11-digit one is the same
 * number with "00" in front) is accepted and sent as 11 digits: `renavamToSend`. A number whose
 * digits are all the same is refused as a wrong check digit (no registry issues it).
 */
export function renavamProblem(value: string | null | undefined): DocumentProblem | null {
  const renavam = documentDigits(value);
  if (!/^\d*$/.test(renavam)) return 'alphabet';
  if (renavam.length !== 11 && renavam.length !== 9) return 'length';
  return isValidRenavam(renavam) ? null : 'checkDigit';
}

/** The RENAVAM as the service gets it: 11 digits (the old 9-digit form with its "00"). */
export const renavamToSend = (value: string) => documentDigits(value).padStart(11, '0');

/**
 * The CNH's "Nº de registro" (Registro Nacional): 9 digits and 2 check digits, Resolução CONTRAN
 * nº 886/2021, art. 4º, I (before it, nº 192/2006 and nº 718/2017 said the same); the digits as
 * @brazilian-utils isValidCnh computes them. All digits the same: refused as a wrong check digit.
 */
export function cnhRegisterProblem(value: string | null | undefined): DocumentProblem | null {
  const cnh = documentDigits(value);
  if (!/^\d*$/.test(cnh)) return 'alphabet';
  if (cnh.length !== 11) return 'length';
  return isValidCnh(cnh) ? null : 'checkDigit';
}

/** A plate as sent: upper case, letters and digits only (a pasted "abc-1d23" is ABC1D23). */
export const plateToSend = (value: string) => (value ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A plate: the old LLLNNNN or the Mercosul LLLNLNN, Resolução CONTRAN nº 969/2022, Anexo I, 1.2
 * and art. 2º § 3º (@brazilian-utils isValidLicensePlate). Hyphens, spaces and lower case are
 * taken off first; anything else is a character a plate cannot hold. No check digit exists.
 */
export function plateProblem(value: string | null | undefined): StructureProblem | null {
  const raw = (value ?? '').replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z0-9]*$/.test(raw)) return 'alphabet';
  if (raw.length !== 7) return 'length';
  return isValidLicensePlate(raw) ? null : 'alphabet';
}

/** The letters a VIN never holds (ISO 3779, NBR 6066): I, O and Q read as 1 and 0. */
export const VIN_EXCLUDED_LETTERS = /[IOQ]/;

/**
 * The chassis (VIN): 17 letters and digits, never I, O or Q (ISO 3779; Resolução CONTRAN
 * nº 968/2022, art. 2º, I; ABNT NBR 6066). The 9th-position check digit is NOT checked: it is a
 * North-American rule (49 CFR 565.15), which neither the CONTRAN resolution nor NBR 6066 makes
 * mandatory, and Brazilian-built VINs often carry none (9BWZZZ377VT004251, a Volkswagen do
 * Brasil VIN, fails it; @brazilian-utils isValidVin documents the same and enforces it, so it is
 * not used here). Spaces pasted inside are taken off; case is ignored.
 */
export function chassisProblem(value: string | null | undefined): StructureProblem | null {
  const vin = chassisToSend(value ?? '');
  if (!/^[A-Z0-9]*$/.test(vin) || VIN_EXCLUDED_LETTERS.test(vin)) return 'alphabet';
  return vin.length === 17 ? null : 'length';
}

/** The chassis as sent: upper case, without spaces. */
export const chassisToSend = (value: string) => value.replace(/\s/g, '').toUpperCase();

/**
 * The RENACH form number: 11 characters, the first two the issuing state's code (UF), Resolução
 * CONTRAN nº 886/2021, art. 4º, III (and nº 718/2017, art. 4º, III). The resolution lets a state
 * use the last character as a check digit of its own but publishes no rule: none is checked.
 * `'state'` when the first two are no state code.
 */
export function renachProblem(value: string | null | undefined): StructureProblem | 'state' | null {
  const renach = documentDigits(value);
  if (!/^[A-Z0-9]*$/.test(renach)) return 'alphabet';
  if (renach.length !== 11) return 'length';
  if (!(BRAZIL_STATES as readonly string[]).includes(renach.slice(0, 2))) return 'state';
  return /^[0-9A-Z]{9}$/.test(renach.slice(2)) ? null : 'alphabet';
}

/**
 * The CNH's "Número de segurança" (código numérico de validação): 11 digits "gerados a partir de
 * algoritmo específico e de propriedade do DENATRAN" (Resolução CONTRAN nº 718/2017, Anexo I,
 * item 18; kept by nº 886/2021): the algorithm is not published, so no check digit is checked.
 */
export function securityNumberProblem(value: string | null | undefined): StructureProblem | null {
  const number = documentDigits(value);
  if (!/^\d*$/.test(number)) return 'alphabet';
  return number.length === 11 ? null : 'length';
}

/**
 * The CNH's "Número do espelho": 9 characters and a check digit (Resolução CONTRAN nº 718/2017
 * and nº 886/2021, art. 4º, II), 8 and one on the CNHs of Resolução nº 192/2006: 9 or 10 digits.
 * The resolutions name a "módulo 11" routine but not its weights, so the digit is not checked.
 */
export function mirrorNumberProblem(value: string | null | undefined): StructureProblem | null {
  const number = documentDigits(value);
  if (!/^\d*$/.test(number)) return 'alphabet';
  return number.length === 9 || number.length === 10 ? null : 'length';
}

/**
 * The CRLV's number (the "numeração do CRLV-e" of Resolução CONTRAN nº 788/2020, Anexo, 1ª parte):
 * digits. Its length and any check digit are not published: at most 20 digits (TEXT_LIMITS.identifier).
 */
export function crlvNumberProblem(value: string | null | undefined): StructureProblem | null {
  const number = documentDigits(value);
  if (!/^\d*$/.test(number)) return 'alphabet';
  return number.length >= 1 && number.length <= 20 ? null : 'length';
}

/** A rule: the problem of a value (or null when it holds) and the message each problem shows. */
interface DocumentRule<P extends string> {
  problem: (value: string | null | undefined) => P | null;
  messages: Record<P, string>;
}

const rule = <P extends string>(problem: DocumentRule<P>['problem'], messages: Record<P, string>): DocumentRule<P> => ({
  problem,
  messages,
});

/** Every rule with the messages under its field: what is wrong, in the driver's words. */
export const DOCUMENT_RULES = {
  renavam: rule(renavamProblem, {
    length: 'RENAVAM inválido: são 11 dígitos.',
    alphabet: 'RENAVAM inválido: use só números.',
    checkDigit: 'RENAVAM inválido: confira o último dígito.',
  }),
  cnhRegister: rule(cnhRegisterProblem, {
    length: 'Nº de registro inválido: são 11 dígitos.',
    alphabet: 'Nº de registro inválido: use só números.',
    checkDigit: 'Nº de registro inválido: confira os dois últimos dígitos.',
  }),
  plate: rule(plateProblem, {
    length: 'Placa inválida: são 7 caracteres, como ABC1234 ou ABC1D23.',
    alphabet: 'Placa inválida: use 3 letras e 4 números (ABC1234) ou o padrão Mercosul (ABC1D23).',
  }),
  chassis: rule(chassisProblem, {
    length: 'Chassi inválido: são 17 caracteres.',
    alphabet: 'Chassi inválido: use só letras e números; o chassi não tem I, O nem Q (confira se é 1 ou 0).',
  }),
  renach: rule(renachProblem, {
    length: 'Número RENACH inválido: são 11 caracteres, como SP123456789.',
    alphabet: 'Número RENACH inválido: use só letras e números, como SP123456789.',
    state: 'Número RENACH inválido: ele começa pela sigla do estado, como SP.',
  }),
  securityNumber: rule(securityNumberProblem, {
    length: 'Número de segurança inválido: são 11 dígitos.',
    alphabet: 'Número de segurança inválido: use só números.',
  }),
  mirrorNumber: rule(mirrorNumberProblem, {
    length: 'Número do espelho inválido: são 9 ou 10 dígitos.',
    alphabet: 'Número do espelho inválido: use só números.',
  }),
  crlvNumber: rule(crlvNumberProblem, {
    length: 'Número do CRLV inválido: são no máximo 20 dígitos.',
    alphabet: 'Número do CRLV inválido: use só números.',
  }),
} as const;

export type DocumentKind = keyof typeof DOCUMENT_RULES;

/** The message of a value's problem under its field, or null when it holds. */
export function documentMessage(kind: DocumentKind, value: string | null | undefined): string | null {
  const { problem, messages } = DOCUMENT_RULES[kind] as DocumentRule<string>;
  const found = problem(value);
  return found === null ? null : (messages[found] ?? null);
}

/**
 * A required document number, checked by its rule: none typed is `required` (the forms'
 * "Campo obrigatório"), anything else wrong says what (DOCUMENT_RULES' messages).
 */
export const documentSchema = (kind: DocumentKind, required: string) =>
  string()
    .trim()
    .required(required)
    .test('document', (value, context) => {
      const message = documentMessage(kind, value);
      return message === null || context.createError({ message });
    });
