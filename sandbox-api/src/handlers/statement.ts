import { DEMO_DRIVER } from '../constants';
import { account, type InvoiceItem } from '../contracts';
import { ok, type Reply } from '../respond';
import { queryValue, route, type SandboxRequest } from '../router';
import { brazilParts, parseBrazilDay } from '../time';

/**
 * Account statement service. Its basic credential is checked before this runs; browsers reach
 * it only through /statement-proxy/, which adds the credential. The account remote declares its calls.
 */

const statementError = (status: number, error: string): Reply<never> => ({ status, body: { error } });

function invoices({ state, query, origin }: SandboxRequest): Reply<{ data: InvoiceItem[] }> {
  const cpf = (queryValue(query, 'cpf') ?? '').replace(/\D/g, '');
  const birthDate = queryValue(query, 'BirthDate') ?? '';
  const start = parseBrazilDay(queryValue(query, 'startDate') ?? '');
  const end = parseBrazilDay(queryValue(query, 'endDate') ?? '');
  if (cpf === '' || birthDate === '' || !start || !end) {
    return statementError(400, 'Informe CPF, data de nascimento, data inicial e data final.');
  }
  if (cpf.length !== 11) return statementError(400, 'CPF invalido');
  if (start.getTime() > end.getTime()) return statementError(400, 'A data inicial deve ser anterior à data final.');
  // Another driver's CPF finds nothing rather than an error, as a search would.
  if (cpf !== DEMO_DRIVER.cpf) return ok({ data: [] });
  const endOfLastDay = end.getTime() + 24 * 60 * 60 * 1000;
  const data = state.statementService.invoices
    .filter((invoice) => {
      const issued = parseBrazilDay(invoice.dataEmissao)?.getTime() ?? 0;
      return issued >= start.getTime() && issued < endOfLastDay;
    })
    .map((invoice) => ({ ...invoice, linkNF: `${origin}${invoice.linkNF}` }));
  return ok({ data });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const INCOME_YEARS_BACK = 5;

/** The income statement goes by e-mail: the request is checked and recorded (tests read it via /__sandbox/state). */
function incomeStatement({ state, body, now }: SandboxRequest): Reply<{ sent: true }> {
  const { cpf, BirthDate, email, year } = body as { cpf: string; BirthDate: string; email: string; year: number };
  const currentYear = brazilParts(now).year;
  if (cpf.replace(/\D/g, '').length !== 11) return statementError(400, 'CPF invalido');
  if (!parseBrazilDay(BirthDate)) return statementError(400, 'Data de nascimento inválida.');
  if (!EMAIL.test(email)) return statementError(400, 'E-mail inválido.');
  if (!Number.isInteger(year) || year > currentYear || year < currentYear - INCOME_YEARS_BACK) {
    return statementError(400, 'Ano indisponível para o informe de rendimentos.');
  }
  state.account.incomeStatements.push({ cpf, BirthDate, email, year, at: now.toISOString() });
  return ok({ sent: true });
}

export const statementRoutes = [route(account.statement.invoices, invoices), route(account.statement.incomeStatement, incomeStatement)];
