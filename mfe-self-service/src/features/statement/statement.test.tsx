import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type Ride, type Statement } from '../../contract';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
  fixDate,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';
import { earningsByDay, monthTitle, rideDateSegment, rideWhen } from './rides';

/** "Now" for every test: 22/11/2026 04:36 in Brazil, so day labels do not depend on the day the tests run. */
const NOW = new Date('2026-11-22T04:36:00-03:00');

beforeEach(() => {
  fixDate(NOW);
});

afterEach(() => {
  jest.useRealTimers();
});

function ride(overrides: Partial<Ride>): Ride {
  return {
    Data: '2026-11-20T14:05:00',
    SolicitacaoId: 480013,
    Nome: 'Passageiro',
    DataProvisaoPagamento: '2026-11-25T12:00:00',
    ChamadaId: 7700007,
    ValorLiquido: 10,
    Status: 'PAGO',
    Valor: 11.36,
    ValorDesconto: 1.36,
    TransacaoId: 'TRX-202611-0001',
    Mapa: 'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
    EnderecoOrigem: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
    EnderecoDestino: 'Aeroporto de Congonhas - Vila Congonhas, São Paulo - SP',
    ...overrides,
  };
}

const novemberRides: Ride[] = [
  ride({
    SolicitacaoId: 480013,
    Nome: 'Carlos Eduardo Nascimento Albuquerque',
    Data: '2026-11-20T14:05:00',
    ValorLiquido: 40,
    Valor: 45.45,
  }),
  ride({ SolicitacaoId: 480026, Nome: 'Ana Paula Ribeiro', Data: '2026-11-20T09:00:00', Status: 'A RECEBER', ValorLiquido: 25.5 }),
  ride({
    SolicitacaoId: 480039,
    Nome: 'Beatriz Lima',
    Data: '2026-11-12T18:30:00',
    Status: 'PROCESSANDO',
    ValorLiquido: 80,
    TransacaoId: null,
  }),
  // Reversed: were it counted, 03/11 (R$ 110,10) would be the best day instead of 12/11.
  ride({ SolicitacaoId: 480052, Nome: 'Rafael Souza', Data: '2026-11-03T20:00:00', Status: 'ESTORNADO', ValorLiquido: 100 }),
  ride({ SolicitacaoId: 480065, Nome: 'Juliana Costa', Data: '2026-11-03T07:15:00', ValorLiquido: 10.1 }),
];

const periods = ['01/11/2026', '01/10/2026', '01/09/2026'];

const november: Statement = { Corridas: novemberRides, Mes: '01/11/2026', Valor: 255.6, Periodos: periods };

const october: Statement = {
  Corridas: [ride({ SolicitacaoId: 470001, Nome: 'Lucas Martins', Data: '2026-10-07T10:17:00', ValorLiquido: 33.33 })],
  Mes: '01/10/2026',
  Valor: 33.33,
  Periodos: periods,
};

const LIST = '/performed-Runs/list?taxiId=77';

/** The value shown next to a label of the ride detail's <dl>. */
function detail(label: string): string {
  const list = document.querySelector('dl.details');
  if (!list) throw new Error('no <dl className="details">');
  const term = within(list as HTMLElement).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  expect(value?.tagName).toBe('DD');
  return value?.textContent ?? '';
}

describe('ride statement', () => {
  it('shows the current month: header, total, rides (name cut at 25), values, statuses, with the bearer token', async () => {
    const requests = recordRequests();
    mockJson(api.core.currentStatement, november);
    renderRoute({ routes, path: LIST });

    expect(await screen.findByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Extrato de corridas' })).toBeInTheDocument();
    expect(screen.getByText('Total do mês: R$ 255,60')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Corridas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(/^Carlos Eduardo Nascimento\.\.\.$/);
    expect(screen.queryByText(/Albuquerque/)).not.toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(/^Ana Paula Ribeiro$/);
    expect(within(items[0] as HTMLElement).getByText('20/11/2026 14:05')).toBeInTheDocument();
    // The main amount is ValorLiquido (R$ 40,00), not Valor (R$ 45,45).
    expect(within(items[0] as HTMLElement).getByText('R$ 40,00')).toBeInTheDocument();
    expect(screen.queryByText('R$ 45,45')).not.toBeInTheDocument();
    expect(within(items[4] as HTMLElement).getByText('R$ 10,10')).toBeInTheDocument();
    // Every status as text.
    expect(items.map((item) => item.querySelector('.ride-status')?.textContent)).toEqual([
      'PAGO',
      'A RECEBER',
      'PROCESSANDO',
      'ESTORNADO',
      'PAGO',
    ]);
    expect(within(items[3] as HTMLElement).getByText('ESTORNADO')).toHaveClass('ride-status', 'ride-status-estornado');

    // Each ride opens its detail: /performed-Runs/details/DD-MM-YYYY/SolicitacaoId, taxiId kept.
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/performed-Runs/details/20-11-2026/480013?taxiId=77',
    );

    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe('/core/extrato/extrato-mescorrente');
    // taxiId is not sent: the token identifies the driver.
    expect(requests[0]?.url.search).toBe('');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('ride days read "Hoje" and "Ontem" with their time, in the list and in the detail', async () => {
    // Now is 22/11/2026 04:36 (Brazil): a ride 1 minute old, one of last night, one just over 24 hours old.
    const days: Statement = {
      ...november,
      Corridas: [
        ride({ SolicitacaoId: 1, Nome: 'Um minuto atrás', Data: '2026-11-22T04:35:00' }),
        ride({ SolicitacaoId: 2, Nome: 'Ontem à noite', Data: '2026-11-21T23:50:00' }),
        ride({ SolicitacaoId: 3, Nome: 'Mais de 24 horas', Data: '2026-11-21T04:35:00' }),
        // An ISO date with an offset: 03:10 UTC is 00:10 of the 22nd in Brazil.
        ride({ SolicitacaoId: 4, Nome: 'Meia-noite', Data: '2026-11-22T03:10:00Z' }),
      ],
    };
    mockJson(api.core.currentStatement, days);
    mockJson(api.core.rideDetail, days.Corridas[0] as Ride);
    const { user } = renderRoute({ routes, path: LIST });

    const items = within(await screen.findByRole('list', { name: 'Corridas' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('time')?.textContent)).toEqual([
      'Hoje 04:35',
      'Ontem 23:50',
      '21/11/2026 04:35',
      'Hoje 00:10',
    ]);
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-22T07:35:00.000Z');
    expect(within(screen.getByRole('list', { name: 'Corridas' })).queryByText(/22\/11\/2026/)).not.toBeInTheDocument();

    await user.click(within(items[0] as HTMLElement).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalhe da corrida' })).toBeInTheDocument();
    await waitFor(() => expect(detail('Data')).toBe('Hoje 04:35'));
    // The payment forecast stays a full date.
    expect(detail('Previsão de pagamento')).toBe('25/11/2026 12:00');
  });

  it("rideWhen: the inbox's day label plus the time; monthTitle: the month with a capital", () => {
    expect(rideWhen('2026-11-22T00:00:00', NOW).text).toBe('Hoje 00:00');
    expect(rideWhen('22/11/2026 04:36', NOW).text).toBe('Hoje 04:36');
    expect(rideWhen('2026-11-21T04:37:00', NOW).text).toBe('Ontem 04:37');
    // Taken literally (docs/product-rules.md, "Formats"): more than 24 hours is a date, even yesterday.
    expect(rideWhen('2026-11-21T04:36:00', NOW).text).toBe('21/11/2026 04:36');
    expect(rideWhen('2026-11-20T14:05:00', NOW)).toEqual({ text: '20/11/2026 14:05', dateTime: '2026-11-20T17:05:00.000Z' });
    expect(rideWhen('ontem', NOW)).toEqual({ text: 'ontem', dateTime: undefined });
    expect(monthTitle('01/11/2026')).toBe('Novembro de 2026');
    expect(monthTitle('01/03/2026')).toBe('Março de 2026');
    expect(monthTitle('sem mês')).toBe('sem mês');
  });

  it('a month chosen in the URL: its header with a capital, the select on its placeholder "Selecione o mês"', async () => {
    mockJson(api.core.statementByMonth, october);
    renderRoute({ routes, path: '/performed-Runs/list?taxiId=77&periodo=01%2F10%2F2026' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Outubro de 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'outubro de 2026' })).not.toBeInTheDocument();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Mês' });
    expect(select).toHaveValue('');
    // What the closed select shows on screen.
    expect(select.selectedOptions[0]?.textContent).toBe('Selecione o mês');
  });

  it("the chart's total agrees with the card's; when reversed rides make them differ, the chart says by how much", async () => {
    mockJson(api.core.statementByMonth, october);
    mockJson(api.core.currentStatement, november);
    const { user } = renderRoute({ routes, path: LIST });

    // November: the card shows the server's Valor (every ride), the chart leaves the reversed one out and says so.
    expect(await screen.findByText('Total do mês: R$ 255,60')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /^Ganhos por dia em novembro de 2026/ });
    const label = chart.getAttribute('aria-label') ?? '';
    expect(label).toContain('total de R$ 155,60, sem R$ 100,00 de corridas estornadas;');
    // The two figures the chart names add up to the card's total.
    const amounts = [...label.matchAll(/R\$ ([\d.]+,\d{2})/g)]
      .slice(0, 2)
      .map(([, value]) => Number(value?.replace(/\./g, '').replace(',', '.')));
    expect((amounts[0] ?? 0) + (amounts[1] ?? 0)).toBeCloseTo(255.6, 2);
    expect(screen.getByText(/Corridas estornadas não entram no gráfico\. Estornadas neste mês: R\$ 100,00\./)).toBeInTheDocument();

    // October has no reversed ride: the same total on the card and in the chart, nothing to explain.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mês' }), 'Outubro de 2026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Total do mês: R$ 33,33')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Ganhos por dia em outubro de 2026/ })).toHaveAttribute(
      'aria-label',
      'Ganhos por dia em outubro de 2026: total de R$ 33,33; melhor dia 07/10/2026, com R$ 33,33.',
    );
    expect(screen.queryByText(/Estornadas neste mês/)).not.toBeInTheDocument();
  });

  it('a ride outside the month: the chart names what it leaves out', async () => {
    const stray = ride({ SolicitacaoId: 9, Nome: 'Outubro', Data: '2026-10-31T23:00:00', ValorLiquido: 12 });
    mockJson(api.core.currentStatement, { ...november, Corridas: [...novemberRides, stray], Valor: 267.6 });
    renderRoute({ routes, path: LIST });
    expect(await screen.findByRole('img', { name: /^Ganhos por dia em novembro de 2026/ })).toHaveAttribute(
      'aria-label',
      'Ganhos por dia em novembro de 2026: total de R$ 155,60, sem R$ 100,00 de corridas estornadas e R$ 12,00 de corridas fora do mês; melhor dia 12/11/2026, com R$ 80,00.',
    );
  });

  it('works without taxiId in the URL', async () => {
    mockJson(api.core.currentStatement, november);
    renderRoute({ routes, path: '/performed-runs/list' });
    const link = await screen.findByRole('link', { name: /Ana Paula Ribeiro/ });
    expect(link).toHaveAttribute('href', '/performed-Runs/details/20-11-2026/480026');
  });

  it('refuses the placeholder, then loads the chosen month with extrato-data and data=<period>', async () => {
    mockJson(api.core.currentStatement, november);
    mockJson(api.core.statementByMonth, october);
    const requests = recordRequests();
    const { user, router } = renderRoute({ routes, path: LIST });

    const select = await screen.findByRole('combobox', { name: 'Mês' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione o mês', 'Novembro de 2026', 'Outubro de 2026', 'Setembro de 2026']);
    expect(select).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const error = await screen.findByText('Selecione um mês');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select.getAttribute('aria-describedby')).toBe(error.id);
    expect(select).toHaveFocus();
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();

    await user.selectOptions(select, 'Outubro de 2026');
    expect(screen.queryByText('Selecione um mês')).not.toBeInTheDocument();
    expect(select).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Outubro de 2026' })).toBeInTheDocument();
    expect(screen.getByText('Total do mês: R$ 33,33')).toBeInTheDocument();
    expect(screen.getByText('Lucas Martins')).toBeInTheDocument();
    expect(screen.queryByText('Ana Paula Ribeiro')).not.toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.method).toBe('GET');
    expect(requests[1]?.url.pathname).toBe('/core/extrato/extrato-data');
    expect(requests[1]?.url.searchParams.get('data')).toBe('01/10/2026');
    expect([...requests[1]!.url.searchParams.keys()]).toEqual(['data']);
    expect(requests[1]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

    // The chosen month is in the URL next to taxiId; the ride links carry both.
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('taxiId')).toBe('77');
    expect(search.get('periodo')).toBe('01/10/2026');
    expect(screen.getByRole('link', { name: /Lucas Martins/ })).toHaveAttribute(
      'href',
      '/performed-Runs/details/07-10-2026/470001?taxiId=77&periodo=01%2F10%2F2026',
    );
    // The month shown is the heading's; the select is back on its placeholder.
    expect(screen.getByRole('combobox', { name: 'Mês' })).toHaveValue('');

    // Browser back: the current month again, the select on its placeholder.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mês' })).toHaveValue('');
  });

  it('draws the earnings by day from the loaded rides, without a reversed ride and without another call', async () => {
    const requests = recordRequests();
    mockJson(api.core.currentStatement, november);
    const { container } = renderRoute({ routes, path: LIST });

    const chart = await screen.findByRole('img', { name: /Ganhos por dia em novembro de 2026/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart).toHaveAttribute(
      'aria-label',
      'Ganhos por dia em novembro de 2026: total de R$ 155,60, sem R$ 100,00 de corridas estornadas; melhor dia 12/11/2026, com R$ 80,00.',
    );
    // One bar per day with earnings; the tallest is the best day.
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('data-date'))).toEqual(['03/11/2026', '12/11/2026', '20/11/2026']);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBeGreaterThan(heights[2] ?? Infinity);
    expect(heights[2]).toBeGreaterThan(heights[0] ?? Infinity);
    expect(bars[1]).toHaveClass('chart-bar-best');
    expect(bars[0]).not.toHaveClass('chart-bar-best');
    for (const bar of bars) {
      expect(bar.getAttribute('y')).toMatch(/^\d/);
      expect(bar.getAttribute('width')).toMatch(/^\d/);
    }
    expect(container.querySelector('[style]')).toBeNull();

    // The values per day for screen readers.
    const table = screen.getByRole('table', { name: 'Ganhos por dia em novembro de 2026' });
    expect(table).toHaveClass('visually-hidden');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['03/11/2026', '1', 'R$ 10,10'],
      ['12/11/2026', '1', 'R$ 80,00'],
      ['20/11/2026', '2', 'R$ 65,50'],
    ]);
    expect(screen.getByText(/Melhor dia: 12\/11\/2026 \(R\$ 80,00\)/)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('earningsByDay covers every day of the month and skips unreadable dates and other months', () => {
    const result = earningsByDay(
      [
        ride({ Data: '2026-02-28T23:59:00', ValorLiquido: 0.1 }),
        ride({ Data: '2026-02-28T10:00:00', ValorLiquido: 0.2 }),
        ride({ Data: 'ontem', ValorLiquido: 50 }),
        ride({ Data: '2026-03-01T10:00:00', ValorLiquido: 70 }),
      ],
      '01/02/2026',
    );
    expect(result.days).toHaveLength(28);
    expect(result.days[27]).toEqual({ day: 28, date: '28/02/2026', cents: 30, rides: 2 });
    expect(result.totalCents).toBe(30);
    expect(result.best?.date).toBe('28/02/2026');
    // What the chart leaves out, so its total can be reconciled with the card's: 50 + 70 outside the month.
    expect(result.outsideMonthCents).toBe(12000);
    expect(result.reversedCents).toBe(0);
    expect(earningsByDay([ride({ Status: 'ESTORNADO' })], '01/11/2026').best).toBeUndefined();
    expect(rideDateSegment('2026-11-03T01:30:00')).toBe('03-11-2026');
    expect(rideDateSegment('03/11/2026 22:00')).toBe('03-11-2026');
    expect(rideDateSegment('a/b c')).toBe('a%2Fb%20c');
  });

  it('a month of reversed rides only says nothing was earned', async () => {
    mockJson(api.core.currentStatement, { ...november, Corridas: [novemberRides[3] as Ride], Valor: 0 });
    renderRoute({ routes, path: LIST });
    expect(
      await screen.findByRole('img', {
        name: 'Ganhos por dia em novembro de 2026: nenhum ganho no mês, sem R$ 100,00 de corridas estornadas.',
      }),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('svg rect')).toHaveLength(0);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('an empty month shows its header, total and the empty state', async () => {
    mockJson(api.core.currentStatement, { ...november, Corridas: [], Valor: 0 });
    renderRoute({ routes, path: LIST });
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();
    expect(screen.getByText('Total do mês: R$ 0,00')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mês' })).toBeInTheDocument();
  });

  it.each([
    [400, { Message: 'Requisição inválida.' }, 'Requisição inválida.'],
    [404, { Message: 'Extrato indisponível.' }, 'Extrato indisponível.'],
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('on %i shows the server message and retries for real', async (status, body, text) => {
    mockStatus(api.core.currentStatement, status, body);
    const { user } = renderRoute({ routes, path: LIST });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);

    mockJson(api.core.currentStatement, november);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();
  });

  it('offline: says so, and retries', async () => {
    mockNetworkError(api.core.currentStatement);
    const { user } = renderRoute({ routes, path: LIST });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    mockJson(api.core.currentStatement, november);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Total do mês: R$ 255,60')).toBeInTheDocument();
  });

  it('a malformed answer shows an error instead of crashing', async () => {
    mockApi(api.core.currentStatement, () => HttpResponse.json({ Corridas: 'nada' }));
    renderRoute({ routes, path: LIST });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
  });

  it('a chosen month in the URL loads directly; when it fails the current month is one tap away, the filter stays', async () => {
    const requests = recordRequests();
    mockStatus(api.core.statementByMonth, 400, { Message: 'Período inválido.' });
    mockJson(api.core.currentStatement, november);
    const { user } = renderRoute({ routes, path: '/performed-Runs/list?taxiId=77&periodo=01%2F01%2F1999' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Período inválido.');
    expect(requests[0]?.url.pathname).toBe('/core/extrato/extrato-data');
    expect(requests[0]?.url.searchParams.get('data')).toBe('01/01/1999');

    await user.click(screen.getByRole('link', { name: 'Ver o mês atual' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Novembro de 2026' })).toBeInTheDocument();

    // A month that fails after the periods are known keeps the filter on screen.
    mockStatus(api.core.statementByMonth, 500, { Message: 'Falha no extrato.' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mês' }), 'Setembro de 2026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Falha no extrato.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mês' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('opens a ride and its back link returns to the chosen month with taxiId', async () => {
    mockJson(api.core.currentStatement, november);
    mockJson(api.core.statementByMonth, october);
    mockJson(api.core.rideDetail, october.Corridas[0] as Ride);
    const { user, router } = renderRoute({ routes, path: LIST });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mês' }), 'Outubro de 2026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await user.click(await screen.findByRole('link', { name: /Lucas Martins/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalhe da corrida' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/performed-Runs/details/07-10-2026/470001');

    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Outubro de 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?taxiId=77&periodo=01%2F10%2F2026');
  });
});

describe('ride detail', () => {
  const DETAIL = '/performed-Runs/details/20-11-2026/480013?taxiId=77';

  it('shows every field of the ride with Portuguese labels (the full name, not cut at 25 like the list), asking for it by SolicitacaoId with the bearer token', async () => {
    const requests = recordRequests();
    mockJson(api.core.rideDetail, novemberRides[0] as Ride);
    renderRoute({ routes, path: DETAIL });

    expect(await screen.findByRole('heading', { level: 1, name: 'Detalhe da corrida' })).toBeInTheDocument();
    await screen.findByText('Carlos Eduardo Nascimento Albuquerque');
    // Decision (rides.ts, RIDE_NAME_LENGTH): the detail is where the whole name is read.
    expect(detail('Nome')).toBe('Carlos Eduardo Nascimento Albuquerque');
    expect(detail('Data')).toBe('20/11/2026 14:05');
    expect(detail('Status')).toBe('PAGO');
    expect(detail('Valor da corrida')).toBe('R$ 45,45');
    expect(detail('Desconto')).toBe('R$ 1,36');
    expect(detail('Valor líquido')).toBe('R$ 40,00');
    expect(detail('Previsão de pagamento')).toBe('25/11/2026 12:00');
    expect(detail('Transação')).toBe('TRX-202611-0001');
    expect(detail('Solicitação')).toBe('480013');
    expect(detail('Chamada')).toBe('7700007');
    expect(detail('Origem')).toBe('Av. Paulista, 1578 - Bela Vista, São Paulo - SP');
    expect(detail('Destino')).toBe('Aeroporto de Congonhas - Vila Congonhas, São Paulo - SP');
    const map = screen.getByRole('img', {
      name: 'Mapa da rota de Av. Paulista, 1578 - Bela Vista, São Paulo - SP até Aeroporto de Congonhas - Vila Congonhas, São Paulo - SP',
    });
    expect(map).toHaveAttribute('src', novemberRides[0]?.Mapa);
    // The map and its label span the details grid (statement.css, .ride-route), last in reading order.
    expect(map.closest('dd')).toHaveClass('ride-route');
    expect(map.closest('dd')?.previousElementSibling).toHaveTextContent('Rota');
    expect(map.closest('dd')?.previousElementSibling).toHaveClass('ride-route');
    expect(map.closest('dd')?.nextElementSibling).toBeNull();
    expect(screen.queryByText('Corrida sem rota')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/performed-Runs/list?taxiId=77');

    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe('/core/extrato/extrato-detalhe/');
    expect(requests[0]?.url.search).toBe('?SolicitacaoId=480013');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('without map, destination or TransacaoId: "Corrida sem rota", "Não informado", "Processando..." (path matched case-insensitively)', async () => {
    const requests = recordRequests();
    mockJson(
      api.core.rideDetail,
      ride({
        SolicitacaoId: 480039,
        Status: 'PROCESSANDO',
        Mapa: null,
        EnderecoDestino: null,
        TransacaoId: null,
        DataProvisaoPagamento: null,
      }),
    );
    renderRoute({ routes, path: '/PERFORMED-RUNS/Details/12-11-2026/480039' });

    expect(await screen.findByText('Corrida sem rota')).toBeInTheDocument();
    expect(detail('Rota')).toBe('Corrida sem rota');
    expect(detail('Destino')).toBe('Não informado');
    expect(detail('Transação')).toBe('Processando...');
    expect(detail('Previsão de pagamento')).toBe('Sem previsão');
    expect(detail('Status')).toBe('PROCESSANDO');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/performed-Runs/list');
    expect(requests[0]?.url.searchParams.get('SolicitacaoId')).toBe('480039');
  });

  it('a map without a destination says so in its alt text; a map that fails to load says so', async () => {
    mockJson(api.core.rideDetail, ride({ EnderecoDestino: null }));
    renderRoute({ routes, path: DETAIL });
    const map = await screen.findByRole('img', { name: /até destino não informado$/ });
    fireEvent.error(map);
    expect(await screen.findByText('Não foi possível carregar o mapa da rota.')).toBeInTheDocument();
  });

  it.each([
    [404, { Message: 'Corrida não encontrada.' }, 'Corrida não encontrada.'],
    [400, { Message: 'Corrida inválida.' }, 'Corrida inválida.'],
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('on %i shows the server message and retries for real', async (status, body, text) => {
    mockStatus(api.core.rideDetail, status, body);
    const { user } = renderRoute({ routes, path: DETAIL });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);

    mockJson(api.core.rideDetail, novemberRides[0] as Ride);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(detail('Solicitação')).toBe('480013'));
  });

  it('offline: says so instead of crashing', async () => {
    mockNetworkError(api.core.rideDetail);
    renderRoute({ routes, path: DETAIL });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('a malformed answer shows an error instead of crashing', async () => {
    mockApi(api.core.rideDetail, () => HttpResponse.json([]));
    renderRoute({ routes, path: DETAIL });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
  });
});
