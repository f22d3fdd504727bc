import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import {
  fixDate,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api, type InvoiceItem } from '../../contract';
import { routes } from '../../routes';

const INVOICES: InvoiceItem[] = [
  { dataEmissao: '2026-05-05T09:00:00', totalLiquido: 3124.5, linkNF: 'https://nf.provedor.com.br/nota-1.pdf' },
  { dataEmissao: '2026-04-05T09:00:00', totalLiquido: 0.99, linkNF: 'https://nf.provedor.com.br/nota-2.pdf' },
];

const button = (name: string) => screen.getByRole('button', { name });
/** The statement service's credential is the server's business: never a Basic header from here. */
const noCredential = (headers: Headers) => expect(headers.get('authorization') ?? '').not.toMatch(/^Basic/i);

describe('invoices (take-nf)', () => {
  async function openInvoices() {
    const rendered = renderRoute({ routes, path: '/my-account/take-nf' });
    await screen.findByLabelText('CPF');
    return rendered;
  }

  async function fill({ user }: RenderRouteResult, { start = '01/01/2026', end = '30/06/2026' } = {}) {
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Data de nascimento'), '12041985');
    if (start) await user.type(screen.getByLabelText('Data inicial'), start.replace(/\//g, ''));
    if (end) await user.type(screen.getByLabelText('Data final'), end.replace(/\//g, ''));
  }

  it('Continuar is disabled while the CPF is empty or invalid, which the field says on blur ("CPF invalido")', async () => {
    const { user } = await openInvoices();
    expect(button('Continuar')).toBeDisabled();
    // 11 digits with a wrong check digit.
    await user.type(screen.getByLabelText('CPF'), '52998224726');
    await user.tab();
    expect(screen.getByLabelText('CPF')).toHaveAccessibleDescription('CPF invalido');
    expect(button('Continuar')).toBeDisabled();
    expect(screen.getByLabelText('CPF')).toHaveAttribute('maxlength', '14');
  });

  it('a valid CPF enables Continuar', async () => {
    const { user } = await openInvoices();
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(button('Continuar')).toBeEnabled();
  });

  it('birth date, start and end dates are required, real days, and the end not before the start; nothing is sent until then', async () => {
    const requests = recordRequests();
    const rendered = await openInvoices();
    await fill(rendered, { start: '', end: '' });
    await rendered.user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText('Data inicial')).toHaveAccessibleDescription('Campo obrigatório'));
    expect(screen.getByLabelText('Data final')).toHaveAccessibleDescription('Campo obrigatório');

    await rendered.user.type(screen.getByLabelText('Data inicial'), '31022026');
    await rendered.user.type(screen.getByLabelText('Data final'), '01012026');
    await rendered.user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText('Data inicial')).toHaveAccessibleDescription('Data invalida'));
    await rendered.user.clear(screen.getByLabelText('Data inicial'));
    await rendered.user.type(screen.getByLabelText('Data inicial'), '01022026');
    await rendered.user.click(button('Continuar'));
    await waitFor(() =>
      expect(screen.getByLabelText('Data final')).toHaveAccessibleDescription('A data final deve ser igual ou posterior à data inicial.'),
    );
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['Data de nascimento', '01/01/2099'],
    ['Data de nascimento', '01/01/2015'],
    ['Data inicial', '01/01/1999'],
    ['Data final', '31/12/2099'],
  ])('%s %s is no possible date: "Data fora do período possível.", nothing is sent', async (label, date) => {
    const requests = recordRequests();
    const rendered = await openInvoices();
    await fill(rendered, { start: label === 'Data inicial' ? date : '01/01/2026', end: label === 'Data final' ? date : '30/06/2026' });
    if (label === 'Data de nascimento') {
      await rendered.user.clear(screen.getByLabelText(label));
      await rendered.user.type(screen.getByLabelText(label), date.replace(/\//g, ''));
    }
    await rendered.user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Data fora do período possível.'));
    expect(requests).toHaveLength(0);
  });

  it('asks the statement path for the period (CPF digits, ISO dates) and lists issue date, net total and a download', async () => {
    const requests = recordRequests();
    const rendered = await openInvoices();
    mockJson(api.statement.invoices, { data: INVOICES });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));

    const list = await screen.findByRole('list', { name: 'Notas fiscais' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Emissão05/05/2026Valor líquidoR$ 3.124,50');
    expect(items[1]).toHaveTextContent('Emissão05/04/2026Valor líquidoR$ 0,99');
    const download = within(items[0] as HTMLElement).getByRole('link', { name: 'Download da nota de 05/05/2026' });
    expect(download).toHaveAttribute('href', 'https://nf.provedor.com.br/nota-1.pdf');
    expect(download).toHaveAttribute('target', '_blank');
    expect(download).toHaveAttribute('rel', 'noopener noreferrer');

    expect(requests).toHaveLength(1);
    const url = requests[0]!.url;
    expect(`${requests[0]?.method} ${url.origin}${url.pathname}`).toBe('GET http://localhost:4000/statement-proxy/api/extrato/nf');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cpf: '52998224725',
      BirthDate: '1985-04-12',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
    });
    noCredential(requests[0]!.headers);
  });

  it('no invoice in the period says so; "Nova consulta" shows the form as it was', async () => {
    const rendered = await openInvoices();
    mockJson(api.statement.invoices, { data: [] });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
    await rendered.user.click(button('Nova consulta'));
    expect(screen.getByLabelText('Data final')).toHaveValue('30/06/2026');
    expect(screen.queryByText('Não há registros aqui ainda')).not.toBeInTheDocument();
  });

  it.each([
    [400, { error: 'CPF invalido' }, 'CPF invalido'],
    [404, { error: 'Nenhum cadastro para este CPF.' }, 'Nenhum cadastro para este CPF.'],
    [500, { error: 'Serviço de extrato indisponível.' }, 'Serviço de extrato indisponível.'],
    [502, '<html>Bad Gateway</html>', 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('a failure answered %i is an alert titled with the service error, in error style', async (status, body, title) => {
    const rendered = await openInvoices();
    mockStatus(api.statement.invoices, status, body);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(dialog).toHaveClass('dialog-error');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
  });

  it('a 401 (the token check refused) says the session expired and keeps the form: no trip out through /Sair', async () => {
    const rendered = await openInvoices();
    mockStatus(api.statement.invoices, 401, { error: 'Acesso não autorizado.' });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sessão expirada' });
    expect(dialog).toHaveClass('dialog-error');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Notas fiscais' })).toBeVisible();
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Data inicial')).toHaveValue('01/01/2026');
  });

  it('offline: the alert says so', async () => {
    const rendered = await openInvoices();
    mockNetworkError(api.statement.invoices);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog', { name: /Sem conexão com a internet/ })).toHaveClass('dialog-error');
  });

  it('a search that never answers says the service took too long', async () => {
    const rendered = await openInvoices();
    mockApi(api.statement.invoices, () => new Promise<never>(() => undefined));
    await fill(rendered);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(button('Continuar'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog', { name: /O serviço demorou para responder/ })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('an invoice whose address is not http(s) has no download link', async () => {
    const rendered = await openInvoices();
    mockJson(api.statement.invoices, { data: [{ ...INVOICES[0]!, linkNF: 'javascript:alert(1)' }] });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByText('Documento indisponível')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('keeps what was typed across a reload', async () => {
    const first = await openInvoices();
    await fill(first);
    await waitFor(() => expect(savedDraft('take-nf')).toContain('30/06/2026'));
    first.unmount();
    await openInvoices();
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Data inicial')).toHaveValue('01/01/2026');
  });
});

describe('income statement (take-ir)', () => {
  async function openIncome() {
    const rendered = renderRoute({ routes, path: '/my-account/take-ir' });
    await screen.findByLabelText('Ano');
    return rendered;
  }

  async function fill({ user }: RenderRouteResult, email = 'Maria.Santos@Example.com') {
    await user.selectOptions(screen.getByLabelText('Ano'), '2025');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Data de nascimento'), '12041985');
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.tab();
  }

  afterEach(() => jest.useRealTimers());

  it('offers the current year (Brazil time) back five years', async () => {
    fixDate(new Date('2027-01-01T02:00:00Z')); // still 2026 in Brazil
    await openIncome();
    expect(
      within(screen.getByLabelText('Ano'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione o ano', '2026', '2025', '2024', '2023', '2022', '2021']);
  });

  it('lowercases the e-mail on blur; Continuar waits for a valid CPF; year and e-mail are required', async () => {
    const { user } = await openIncome();
    await user.type(screen.getByLabelText('E-mail'), 'Maria.Santos@Example.COM');
    await user.tab();
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria.santos@example.com');
    expect(button('Continuar')).toBeDisabled();
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    expect(button('Continuar')).toBeEnabled();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(button('Continuar'));
    await waitFor(() => expect(screen.getByLabelText('Ano')).toHaveAccessibleDescription('Campo obrigatório'));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Email invalido');
    expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription('Campo obrigatório');
  });

  it('asks for the statement by e-mail (POST with CPF digits, ISO birth date, lower-case e-mail, the year as a number) and says so', async () => {
    const requests = recordRequests();
    const rendered = await openIncome();
    mockJson(api.statement.incomeStatement, { sent: true });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Informe de rendimentos solicitado!' });
    expect(dialog).toHaveClass('dialog-success');
    expect(dialog).toHaveTextContent('O informe de 2025 será enviado para maria.santos@example.com.');
    expect(requests).toHaveLength(1);
    expect(`${requests[0]?.method} ${requests[0]?.url.href}`).toBe('POST http://localhost:4000/statement-proxy/api/extrato/ir');
    expect(requests[0]?.body).toEqual({ cpf: '52998224725', BirthDate: '1985-04-12', email: 'maria.santos@example.com', year: 2025 });
    noCredential(requests[0]!.headers);
  });

  it.each([
    [400, { error: 'Ano indisponível para o informe de rendimentos.' }, 'Ano indisponível para o informe de rendimentos.'],
    [500, { error: 'Falha ao enviar o e-mail.' }, 'Falha ao enviar o e-mail.'],
  ])('a failure answered %i is an alert titled with the service error, in error style (never success)', async (status, body, title) => {
    const rendered = await openIncome();
    mockStatus(api.statement.incomeStatement, status, body);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(dialog).toHaveClass('dialog-error');
    expect(screen.queryByRole('alertdialog', { name: 'Informe de rendimentos solicitado!' })).not.toBeInTheDocument();
  });

  it('an answer that is not JSON (a proxy page) is not taken for a success', async () => {
    const rendered = await openIncome();
    mockApi(api.statement.incomeStatement, () => new Response('<html>ok</html>', { headers: { 'Content-Type': 'text/html' } }));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog', { name: 'Ocorreu um erro inesperado, tente novamente mais tarde.' })).toHaveClass(
      'dialog-error',
    );
  });

  it('offline: the alert says so', async () => {
    const rendered = await openIncome();
    mockNetworkError(api.statement.incomeStatement);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog', { name: /Sem conexão com a internet/ })).toBeInTheDocument();
  });
});
