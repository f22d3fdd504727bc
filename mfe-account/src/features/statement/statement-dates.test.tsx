import { screen, waitFor, within } from '@testing-library/react';
import { fixDate, mockJson, recordRequests, renderRoute, type RenderRouteResult } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

/**
 * The statements' dates on the days the calendar makes hard (issue 44, point 3): the birth date
 * of a driver of at least 18 (18 from the same day 18 years later, or the next day when that day
 * does not exist: Código Civil, art. 132 §3), an invoice period up to a year ahead, the years
 * offered for the income statement at midnight.
 */

jest.setTimeout(20_000);

const OUT_OF_RANGE = 'Data fora do período possível.';
const button = (name: string) => screen.getByRole('button', { name });
/** Noon in Brasília time of a DD/MM/YYYY day (every zone of Brazil is on that day then). */
const noonOf = (typed: string) => new Date(`${typed.slice(6)}-${typed.slice(3, 5)}-${typed.slice(0, 2)}T12:00:00-03:00`);
const digits = (typed: string) => typed.replace(/\//g, '');

async function openInvoices() {
  const rendered = renderRoute({ routes, path: '/my-account/take-nf' });
  await screen.findByLabelText('CPF');
  return rendered;
}

async function fillInvoices({ user }: RenderRouteResult, birth: string, start = '01/01/2028', end = '29/02/2028') {
  await user.type(screen.getByLabelText('CPF'), '52998224725');
  await user.type(screen.getByLabelText('Data de nascimento'), digits(birth));
  await user.type(screen.getByLabelText('Data inicial'), digits(start));
  await user.type(screen.getByLabelText('Data final'), digits(end));
}

async function openIncome() {
  const rendered = renderRoute({ routes, path: '/my-account/take-ir' });
  await screen.findByLabelText('Ano');
  return rendered;
}

async function fillIncome({ user }: RenderRouteResult, birth: string) {
  await user.selectOptions(screen.getByLabelText('Ano'), within(screen.getByLabelText('Ano')).getAllByRole('option')[2]!.textContent!);
  await user.type(screen.getByLabelText('CPF'), '52998224725');
  await user.type(screen.getByLabelText('Data de nascimento'), digits(birth));
  await user.type(screen.getByLabelText('E-mail'), 'maria.santos@example.com');
  await user.tab();
}

afterEach(() => jest.useRealTimers());

describe('invoices (take-nf) on 29 February and around it', () => {
  it.each([
    ['29/02/2028', '01/03/2010'],
    ['28/02/2026', '29/02/2008'],
  ])('on %s a driver born %s is not 18 yet: refused under the field, nothing is asked', async (today, birth) => {
    fixDate(noonOf(today));
    const requests = recordRequests();
    const rendered = await openInvoices();
    await fillInvoices(rendered, birth, '01/01/2026', today);
    await rendered.user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription(OUT_OF_RANGE));
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['29/02/2028', '28/02/2010', '2010-02-28'],
    ['01/03/2026', '29/02/2008', '2008-02-29'],
  ])('on %s a driver born %s is 18: the query carries %s', async (today, birth, iso) => {
    fixDate(noonOf(today));
    const requests = recordRequests();
    mockJson(api.statement.invoices, { data: [] });
    const rendered = await openInvoices();
    await fillInvoices(rendered, birth, '01/01/2026', today);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.searchParams.get('BirthDate')).toBe(iso);
  });

  it('on 29/02/2028 a period may end a year ahead, 01/03/2029 (29/02/2029 does not exist), not 02/03/2029', async () => {
    fixDate(noonOf('29/02/2028'));
    const requests = recordRequests();
    mockJson(api.statement.invoices, { data: [] });
    const rendered = await openInvoices();
    await fillInvoices(rendered, '17/05/1980', '29/02/2028', '02/03/2029');
    await rendered.user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText('Data final')).toHaveAccessibleDescription(OUT_OF_RANGE));
    expect(requests).toHaveLength(0);

    await rendered.user.clear(screen.getByLabelText('Data final'));
    await rendered.user.type(screen.getByLabelText('Data final'), '01032029');
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toMatchObject({ startDate: '2028-02-29', endDate: '2029-03-01' });
  });
});

describe('income statement (take-ir) on 29 February and at midnight', () => {
  it('on 29/02/2028 born 01/03/2010 is refused under the field; born 28/02/2010 is sent as 2010-02-28', async () => {
    fixDate(noonOf('29/02/2028'));
    const requests = recordRequests();
    mockJson(api.statement.incomeStatement, { sent: true });
    const rendered = await openIncome();
    await fillIncome(rendered, '01/03/2010');
    await rendered.user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription(OUT_OF_RANGE));
    expect(requests).toHaveLength(0);

    await rendered.user.clear(screen.getByLabelText('Data de nascimento'));
    await rendered.user.type(screen.getByLabelText('Data de nascimento'), '28022010');
    await rendered.user.click(button('Continuar'));
    await screen.findByRole('alertdialog', { name: 'Informe de rendimentos solicitado!' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({ BirthDate: '2010-02-28' });
  });

  it.each([
    ['America/Manaus', '2026'],
    ['America/Sao_Paulo', '2027'],
    ['UTC', '2027'],
  ])('at 23:30 of 31/12/2026 in Manaus (00:30 of 01/01/2027 in São Paulo) a phone in %s offers %s first', async (timeZone, first) => {
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone };
    });
    fixDate(new Date('2026-12-31T23:30:00-04:00'));
    await openIncome();
    const years = within(screen.getByLabelText('Ano'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years[1]).toBe(first);
    expect(years).toHaveLength(7);
    jest.restoreAllMocks();
  });
});
