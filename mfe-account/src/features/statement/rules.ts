import { typedDateToIso } from '@driver-portal/shared/format';
import { isCpf, object, string, VALIDATION_MESSAGES, cpfSchema, emailSchema } from '@driver-portal/shared/validation';
import { STATEMENT_TEXTS } from './api';

/** A required DD/MM/YYYY day ("Campo obrigatório", then "Data invalida"). */
export const dateRule = () =>
  string()
    .required(VALIDATION_MESSAGES.required)
    .test('date', STATEMENT_TEXTS.invalidDate, (value) => typedDateToIso(value) !== undefined);

/** Invoices: CPF, birth date, start and end dates, the end not before the start. */
export const invoiceSchema = object({
  cpf: cpfSchema(),
  birthDate: dateRule(),
  startDate: dateRule(),
  endDate: dateRule().test('after-start', STATEMENT_TEXTS.endBeforeStart, (value, context) => {
    const start = typedDateToIso((context.parent as { startDate?: string }).startDate);
    const end = typedDateToIso(value);
    return !start || !end || end >= start;
  }),
});

/** Income statement: year, CPF, birth date, e-mail. */
export const incomeSchema = object({
  year: string().required(VALIDATION_MESSAGES.required),
  cpf: cpfSchema(),
  birthDate: dateRule(),
  email: emailSchema(),
});

/** docs/product-rules.md, "Validation and masks": Continuar is disabled while the CPF is empty or invalid. */
export const cpfReady = (cpf: string) => isCpf(cpf);

/** CPF: up to 14 characters (the mask's), checked on blur. */
export const CPF_INPUT = { mask: 'cpf', maxLength: 14, autoComplete: 'off' } as const;
export const DATE_INPUT = { mask: 'date', placeholder: 'DD/MM/AAAA', autoComplete: 'off' } as const;
