import { showAlert } from '@driver-portal/shared/events';
import { onlyDigits, typedDateToIso } from '@driver-portal/shared/format';
import { ApiError, callApi, ERROR_TEXTS } from '@driver-portal/shared/http';
import { api, type InvoiceItem } from '../../contract';

export const STATEMENT_TEXTS = {
  invalidDate: 'Data invalida',
  endBeforeStart: 'A data final deve ser igual ou posterior à data inicial.',
  irSent: 'Informe de rendimentos solicitado!',
  irSentTo: (year: number, email: string) => `O informe de ${year} será enviado para ${email}.`,
} as const;

export interface InvoiceQuery {
  cpf: string;
  birthDate: string;
  startDate: string;
  endDate: string;
}

/**
 * GET statement api/extrato/nf through the statement path on the portal's own origin (the
 * server in front adds the service's credential; nothing of it is in the browser). CPF as
 * digits, dates as YYYY-MM-DD (docs/product-rules.md, "Statement service (credential added server-side)").
 */
export const fetchInvoices = ({ cpf, birthDate, startDate, endDate }: InvoiceQuery): Promise<InvoiceItem[]> =>
  callApi(api.statement.invoices, {
    query: {
      cpf: onlyDigits(cpf),
      BirthDate: typedDateToIso(birthDate),
      startDate: typedDateToIso(startDate),
      endDate: typedDateToIso(endDate),
    },
    overlay: true,
  }).then((answer) => answer.data);

export interface IncomeRequest {
  year: number;
  cpf: string;
  birthDate: string;
  email: string;
}

/** POST statement api/extrato/ir `{ cpf, BirthDate, email, year }`; the answer's content is ignored. */
export const requestIncomeStatement = ({ year, cpf, birthDate, email }: IncomeRequest) =>
  callApi(api.statement.incomeStatement, {
    body: { cpf: onlyDigits(cpf), BirthDate: typedDateToIso(birthDate) ?? '', email, year },
    overlay: true,
  });

/**
 * The statement service's failures: an alert titled with its `error` field, in error style
 * (the original showed them in success style). A 401 (the proxy's token check refused the
 * token) says the session expired, but leaves the driver on the form with what they typed
 * (issue 25, point 8; docs/decisions/0011-every-screen-way-back-and-expired-session.md): OK does not lead out through
 * /Sair, which would clear the form's draft with the session.
 */
export function alertStatementFailure(error: unknown): void {
  if (!(error instanceof ApiError)) {
    showAlert({ kind: 'error', title: ERROR_TEXTS.unexpected });
    return;
  }
  if (error.kind === 'cancelled') return;
  if (error.kind === 'unauthorized') {
    showAlert({ kind: 'error', title: error.title, message: error.message });
    return;
  }
  showAlert({ kind: 'error', title: error.message });
}
