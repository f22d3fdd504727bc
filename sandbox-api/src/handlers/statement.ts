import { DEMO_DRIVER } from '../constants';
import { pendingApi, type InvoiceItem } from '../pending-contract';
import { ok, type Reply } from '../respond';
import { queryValue, route, type SandboxRequest } from '../router';
import { parseBrazilDay } from '../time';

/**
 * Account statement service. Its basic credential is checked before this runs; browsers reach
 * it only through /statement-proxy/, which adds the credential. Not in the shared table yet.
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

export const statementRoutes = [route(pendingApi.statement.invoices, invoices)];
