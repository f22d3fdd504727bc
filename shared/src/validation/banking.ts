/**
 * A Brazilian bank account as a driver types it (bank, agency, account, the account's check
 * digit), checked the way each bank defines it where that rule is published: the one rule of the
 * account's bank data (mfe-account) and of the insurance's financial step (mfe-insurance).
 *
 * The arithmetic is @brazilian-utils/brazilian-utils' `isValidBankAccount` (2.4.0), which takes
 * the per-bank rules of the Icatu Seguros compendium "Regras de Validação de Conta Corrente"
 * (github.com/eduardokum/laravel-boleto, manuais/Regras Validacao Conta Corrente VI_EPS.pdf) and
 * the banks' own CNAB manuals. What this module adds is when to ask it: the library wants each
 * bank's full, fixed-length number, while drivers type accounts without their leading zeros, and
 * it refuses every bank its guesses do not know; refusing a real account (a driver who is then
 * never paid) costs more than letting a typo through to the bank's own refusal. So
 * (docs/decisions/0017-bank-accounts-and-documents-as-issued.md):
 * - the check digit is checked only for the banks of CHECK_DIGIT_RULES, and only when the typed
 *   agency and account fit that bank's lengths once zero-padded on the left (zeros on the left
 *   change none of these sums); otherwise only the structure is checked (digits, one digit);
 * - a digit X (Banco do Brasil) or P (Bradesco) is typed as 0, as the seed's hint says ("Se o
 *   dígito da sua conta for X, informe 0."), so a 0 is accepted where the bank's digit is X or P.
 */
import { isValidBankAccount } from '@brazilian-utils/brazilian-utils/is-valid-bank-account';
import { string } from 'yup';

/** The texts under the digit fields (ours, except the X hint, which is the seed's). */
export const BANK_MESSAGES = {
  /** A letter typed as the agency's digit: the seed's hint for X, the same for Bradesco's P. */
  agencyLetter: (letter: 'X' | 'P') => `Se o dígito da sua agência for ${letter}, informe 0.`,
  accountLetter: (letter: 'X' | 'P') => `Se o dígito da sua conta for ${letter}, informe 0.`,
  oneDigit: 'O dígito é um só número, de 0 a 9.',
  /** The bank's rule computes another digit from the account (and, for some banks, the agency). */
  accountMismatch: 'A conta e o dígito não combinam neste banco. Confira os números no app ou no extrato do banco.',
  agencyAccountMismatch: 'A agência, a conta e o dígito não combinam neste banco. Confira os números no app ou no extrato do banco.',
} as const;

/**
 * The banks whose account check digit is published and held by the library, with the lengths
 * its rule takes (agency without its digit; account without its digit) and whether the agency
 * enters the sum. Read from isValidBankAccount's source (dist/is-valid-bank-account.js, 2.4.0):
 * - 001 Banco do Brasil: modulus 11, weights 2-9 from the right, 10 is X; account 8-10 digits.
 * - 033 Santander: agency + "00" + account, weights 9731 0097 1319 73 (units of each product),
 *   10 minus the sum's units; account 8 digits (its first two are the product).
 * - 041 Banrisul: weights 3247 65432, modulus 11 (0 is 0, 1 is 6); account 9 digits.
 * - 237 Bradesco: modulus 11, weights 2-7 from the right, 10 is P; account 7 digits.
 * - 260 Nubank: Verhoeff over the account without its leading zeros; account 5-13 digits.
 * - 341 Itaú: modulus 10 (weights 2,1 from the left) over agency + account; account 5 digits.
 * - 399 HSBC (Kirton): weights 8923456789 over agency + account, modulus 11; account 6 digits.
 * - 745 Citibank: weights 11 down to 2 over the account, modulus 11; account 10 digits.
 * Left out on purpose: 104 Caixa. The library's rule takes operação (3 digits) + conta (8), a
 * number the form has no field for and a driver mostly types without the operação; zero-padding
 * an 8-digit account would assume operação 000 and refuse a real account; and Caixa's accounts
 * since 2023 (operação 1288 or 3701, 9-digit account) are outside that rule altogether.
 * Every bank not listed (Inter, C6, PicPay, Sicredi, Sicoob, ...) publishes no rule: the library
 * would fall back to a generic modulus 10/11 guess, which this module never uses.
 */
export const CHECK_DIGIT_RULES: Readonly<Record<string, { agency: number; account: readonly [number, number]; usesAgency: boolean }>> = {
  '001': { agency: 4, account: [8, 10], usesAgency: false },
  '033': { agency: 4, account: [8, 8], usesAgency: true },
  '041': { agency: 4, account: [9, 9], usesAgency: false },
  '237': { agency: 4, account: [7, 7], usesAgency: false },
  '260': { agency: 4, account: [5, 13], usesAgency: false },
  '341': { agency: 4, account: [5, 5], usesAgency: true },
  '399': { agency: 4, account: [6, 6], usesAgency: true },
  '745': { agency: 4, account: [10, 10], usesAgency: false },
};

/**
 * The 3-digit COMPE code of a bank as a bank list may give it ("1", "001", " 341 "); undefined
 * when it is not one (empty, letters, more than three significant digits).
 */
export function compeCode(bankNumber: string | null | undefined): string | undefined {
  const text = (bankNumber ?? '').trim();
  if (!/^\d+$/.test(text)) return undefined;
  const significant = text.replace(/^0+/, '');
  if (significant.length === 0 || significant.length > 3) return undefined;
  return significant.padStart(3, '0');
}

/** What the driver typed in the four fields (strings as typed; surrounding spaces ignored). */
export interface TypedBankAccount {
  /** The bank list's number, any zero-padding (see compeCode). */
  bank: string;
  /** The agency without its digit. */
  agency: string;
  /** The account without its digit. */
  account: string;
  /** The account's check digit, one character. */
  digit: string;
}

/**
 * `checked`: the bank's rule holds; `mismatch`: the bank's rule computes another digit;
 * `structure-only`: no rule applies (a bank without one, or numbers that do not fit its lengths,
 * or a field not yet a plain number), so only the fields' own structure counts.
 */
export type BankAccountCheck = 'checked' | 'mismatch' | 'structure-only';

/** A number typed without leading zeros, zero-padded to `min`; undefined when longer than `max`. */
function padded(typed: string, min: number, max: number): string | undefined {
  const significant = typed.replace(/^0+/, '');
  return significant.length <= max ? significant.padStart(min, '0') : undefined;
}

/** Whether the account's check digit agrees with its bank's published rule, where one applies. */
export function checkBankAccount(typed: TypedBankAccount): BankAccountCheck {
  const bankCode = compeCode(typed.bank);
  const rule = bankCode === undefined ? undefined : CHECK_DIGIT_RULES[bankCode];
  const agencyText = typed.agency.trim();
  const accountText = typed.account.trim();
  const digit = typed.digit.trim();
  if (!rule || bankCode === undefined || !/^\d+$/.test(agencyText) || !/^\d+$/.test(accountText) || !/^\d$/.test(digit)) {
    return 'structure-only';
  }
  const agency = padded(agencyText, rule.agency, rule.agency);
  const account = padded(accountText, rule.account[0], rule.account[1]);
  if (agency === undefined || account === undefined || /^0+$/.test(account)) return 'structure-only';
  const holds = (candidate: string) => isValidBankAccount({ bankCode, agency, account, digit: candidate });
  // X (Banco do Brasil) and P (Bradesco) are typed as 0: the only letters these rules yield.
  return holds(digit) || (digit === '0' && (holds('X') || holds('P'))) ? 'checked' : 'mismatch';
}

/** The message under the account's digit when its bank's rule computes another digit. */
export function bankAccountProblem(typed: TypedBankAccount): string | undefined {
  if (checkBankAccount(typed) !== 'mismatch') return undefined;
  const rule = CHECK_DIGIT_RULES[compeCode(typed.bank) ?? ''];
  return rule?.usesAgency ? BANK_MESSAGES.agencyAccountMismatch : BANK_MESSAGES.accountMismatch;
}

const letterOf = (value: string | undefined) => {
  const letter = (value ?? '').trim().toUpperCase();
  return letter === 'X' || letter === 'P' ? letter : undefined;
};

/**
 * A check digit field (agency's or account's): empty passes (add `.required()` where it is
 * required); an X or P says to type 0; anything but one digit says it is one digit.
 */
export const bankDigitSchema = (part: 'agency' | 'account') =>
  string()
    .trim()
    .test('letter', (value, context) => {
      const letter = letterOf(value);
      if (!letter) return true;
      return context.createError({ message: part === 'agency' ? BANK_MESSAGES.agencyLetter(letter) : BANK_MESSAGES.accountLetter(letter) });
    })
    .test('one-digit', BANK_MESSAGES.oneDigit, (value) => !value || letterOf(value) !== undefined || /^\d$/.test(value));

/** The names of the sibling fields the account digit is checked against, in the form's values. */
export interface BankFieldNames {
  bank: string;
  agency: string;
  account: string;
}

/**
 * The account's check digit: bankDigitSchema('account') plus its bank's rule over the sibling
 * fields named by `fields` (the message says which numbers to check). Add `.required()` apart.
 */
export const accountDigitSchema = (fields: BankFieldNames) =>
  bankDigitSchema('account').test('bank-rule', (value, context) => {
    const parent = context.parent as Record<string, unknown>;
    const text = (name: string) => (typeof parent[name] === 'string' ? (parent[name] as string) : '');
    const problem = bankAccountProblem({
      bank: text(fields.bank),
      agency: text(fields.agency),
      account: text(fields.account),
      digit: value ?? '',
    });
    return problem === undefined || context.createError({ message: problem });
  });
