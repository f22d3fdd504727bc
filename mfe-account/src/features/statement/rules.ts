import { typedDateToIso } from '@driver-portal/shared/format';
import {
  cpfSchema,
  emailSchema,
  isCpf,
  isoDateFromToday,
  isoDateWithin,
  object,
  string,
  TEXT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@driver-portal/shared/validation';
import { STATEMENT_TEXTS } from './api';

/** A required DD/MM/YYYY day ("Campo obrigatório", then "Data invalida"). */
export const dateRule = () =>
  string()
    .required(VALIDATION_MESSAGES.required)
    .test('date', STATEMENT_TEXTS.invalidDate, (value) => typedDateToIso(value) !== undefined);

/**
 * A real day within a plausible range (issue 25, point 6: a birth date in 2099 is a typing slip):
 * "Data fora do período possível." otherwise.
 */
const dateWithin = (range: () => [string, string]) =>
  dateRule().test('range', TEXT_MESSAGES.dateOutOfRange, (value) => {
    const iso = typedDateToIso(value);
    return iso === undefined || isoDateWithin(iso, ...range());
  });

/** Born 1900 or later and at least 18 years ago (a driver), as on the licence form. */
export const BIRTH_DATE_RANGE = (): [string, string] => ['1900-01-01', isoDateFromToday(-18)];
/**
 * An invoice period: from 2000 (before the provider had drivers) to a year ahead (a period may
 * end later this month; 2099 is a typing slip).
 */
export const PERIOD_RANGE = (): [string, string] => ['2000-01-01', isoDateFromToday(1)];

/** Invoices: CPF, birth date, start and end dates, the end not before the start. */
export const invoiceSchema = object({
  cpf: cpfSchema(),
  birthDate: dateWithin(BIRTH_DATE_RANGE),
  startDate: dateWithin(PERIOD_RANGE),
  endDate: dateWithin(PERIOD_RANGE).test('after-start', STATEMENT_TEXTS.endBeforeStart, (value, context) => {
    const start = typedDateToIso((context.parent as { startDate?: string }).startDate);
    const end = typedDateToIso(value);
    return !start || !end || end >= start;
  }),
});

/** Income statement: year, CPF, birth date, e-mail. */
export const incomeSchema = object({
  year: string().required(VALIDATION_MESSAGES.required),
  cpf: cpfSchema(),
  birthDate: dateWithin(BIRTH_DATE_RANGE),
  email: emailSchema(),
});

/** docs/product-rules.md, "Validation and masks": Continuar is disabled while the CPF is empty or invalid. */
export const cpfReady = (cpf: string) => isCpf(cpf);

/** CPF: up to 14 characters (the mask's), checked on blur. */
export const CPF_INPUT = { mask: 'cpf', maxLength: 14, autoComplete: 'off' } as const;
export const DATE_INPUT = { mask: 'date', placeholder: 'DD/MM/AAAA', autoComplete: 'off' } as const;
