import { screen, within } from '@testing-library/react';
import { api, type Deposit } from '../../contract';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';
import { ERROR_TEXTS } from '@driver-portal/shared/http';

// Sent oldest first on purpose: the screen shows the newest day first.
const deposits: Deposit[] = [
  {
    Data: '2026-10-10T12:00:00-03:00',
    Valor: 18.01,
    Servico: { product: 1.99 },
    Corridas: [{ TransacaoId: 'TRX-202609-0001', Valor: 20 }],
  },
  {
    Data: '2026-10-25T12:00:00-03:00',
    Valor: 48.01,
    Servico: { product: 1.99 },
    Corridas: [{ TransacaoId: 'TRX-202610-0002', Valor: 50 }],
  },
  {
    Data: '2026-10-25T18:30:00-03:00',
    Valor: 28.51,
    Servico: { product: 1.49 },
    Corridas: [{ TransacaoId: 'TRX-202610-0003', Valor: 30 }],
  },
  {
    Data: '2026-11-10T12:00:00-03:00',
    Valor: 98.01,
    Servico: { product: 1.99 },
    Corridas: [
      { TransacaoId: 'TRX-202611-0004', Valor: 40 },
      { TransacaoId: 'TRX-202611-0005', Valor: 60 },
    ],
  },
];

/** Each day is a level-2 heading holding its button. */
const dayButton = (date: string) => screen.getByRole('button', { name: new RegExp(`^${date.replace(/\//g, '\\/')}`) });

describe('deposits', () => {
  it('groups deposits by day, newest first, the first day open, sending the bearer token and no id', async () => {
    const requests = recordRequests();
    mockJson(api.core.deposits, deposits);
    renderRoute({ routes, path: '/deposits/list?id=3f6c2d1e' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Depósitos' })).toBeInTheDocument();
    await screen.findByRole('button', { name: /^10\/11\/2026/ });
    const buttons = screen.getAllByRole('heading', { level: 2 }).map((heading) => within(heading).getByRole('button'));
    expect(buttons.map((button) => button.textContent)).toEqual(['10/11/2026 R$ 98,01▲', '25/10/2026 R$ 76,52▼', '10/10/2026 R$ 18,01▼']);
    expect(buttons.map((button) => button.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false']);

    const first = buttons[0] as HTMLElement;
    const panel = screen.getByRole('region', { name: /10\/11\/2026/ });
    expect(first).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', first.id);
    expect(within(panel).getByText('R$ 98,01')).toBeInTheDocument();
    expect(within(panel).getByText('Taxa de serviço').nextElementSibling).toHaveTextContent('R$ 1,99');
    const rides = within(panel).getByRole('list', { name: 'Corridas do depósito de 10/11/2026 12:00' });
    expect(
      within(rides)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Transação TRX-202611-0004Valor: R$ 40,00', 'Transação TRX-202611-0005Valor: R$ 60,00']);
    // Closed days render nothing a screen reader could reach.
    expect(screen.queryByText(/TRX-202610/)).not.toBeInTheDocument();
    const closedPanel = document.getElementById(buttons[1]?.getAttribute('aria-controls') ?? '');
    expect(closedPanel).not.toBeNull();
    expect(closedPanel).not.toBeVisible();

    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe('/core/extrato/depositos');
    expect(requests[0]?.url.search).toBe('');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('a day with two deposits shows each with its value, service fee and rides', async () => {
    mockJson(api.core.deposits, deposits);
    const { user } = renderRoute({ routes, path: '/deposits/list' });

    await user.click(await screen.findByRole('button', { name: /^25\/10\/2026/ }));
    expect(dayButton('25/10/2026')).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: /25\/10\/2026/ });
    const cards = within(panel).getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual(['Depósito de 25/10/2026 18:30', 'Depósito de 25/10/2026 12:00']);
    expect(
      within(panel)
        .getAllByText('Taxa de serviço')
        .map((term) => term.nextElementSibling?.textContent),
    ).toEqual(['R$ 1,49', 'R$ 1,99']);
    expect(
      within(panel)
        .getAllByText('Valor do depósito')
        .map((term) => term.nextElementSibling?.textContent),
    ).toEqual(['R$ 28,51', 'R$ 48,01']);
    expect(within(panel).getByText('Transação TRX-202610-0003')).toBeInTheDocument();
    expect(within(panel).getByText('Valor: R$ 30,00')).toBeInTheDocument();
    expect(within(panel).getByText('Transação TRX-202610-0002')).toBeInTheDocument();
    expect(within(panel).getByText('Valor: R$ 50,00')).toBeInTheDocument();
    // The newest day stays open: several days may be open at once.
    expect(dayButton('10/11/2026')).toHaveAttribute('aria-expanded', 'true');

    await user.click(dayButton('25/10/2026'));
    expect(dayButton('25/10/2026')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Transação TRX-202610-0003')).not.toBeInTheDocument();
  });

  it('works from the keyboard: Enter and Space toggle, arrows, Home and End move between days', async () => {
    mockJson(api.core.deposits, deposits);
    const { user } = renderRoute({ routes, path: '/deposits/list' });
    await screen.findByRole('button', { name: /^10\/11\/2026/ });

    // The screen opens with the focus on its heading; the header's back link is just before it.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveFocus();
    await user.tab();
    expect(dayButton('10/11/2026')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(dayButton('10/11/2026')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(dayButton('25/10/2026')).toHaveFocus();
    await user.keyboard(' ');
    expect(dayButton('25/10/2026')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Transação TRX-202610-0002')).toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(dayButton('10/10/2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(dayButton('10/11/2026')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(dayButton('10/10/2026')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(dayButton('10/11/2026')).toHaveFocus();
    await user.keyboard('{End}');
    expect(dayButton('10/10/2026')).toHaveFocus();
  });

  it('with an id links to that driver’s ride statement; without one, no link', async () => {
    mockJson(api.core.deposits, deposits);
    const { unmount } = renderRoute({ routes, path: '/deposits/list?id=3f6c2d1e' });
    expect(await screen.findByRole('link', { name: 'Ver extrato de corridas' })).toHaveAttribute(
      'href',
      '/performed-Runs/list?taxiId=3f6c2d1e',
    );
    unmount();

    renderRoute({ routes, path: '/deposits/list' });
    await screen.findByRole('button', { name: /^10\/11\/2026/ });
    expect(screen.queryByRole('link', { name: 'Ver extrato de corridas' })).not.toBeInTheDocument();
  });

  it('shows the loading state, then the empty state', async () => {
    mockJson(api.core.deposits, []);
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findByText('Carregando depósitos...')).toBeInTheDocument();
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
    expect(screen.queryByRole('button', { expanded: true })).not.toBeInTheDocument();
  });

  it.each([
    [500, { Message: 'Serviço de depósitos fora do ar.' }, 'Serviço de depósitos fora do ar.'],
    [404, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('on %i shows the server message and retries for real', async (status, body, text) => {
    mockStatus(api.core.deposits, status, body);
    const { user } = renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findByText(text)).toBeInTheDocument();

    mockJson(api.core.deposits, deposits);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Transação TRX-202611-0004')).toBeInTheDocument();
  });

  it('on 401 (session expired or missing) shows the message and the way to sign in again, no retry', async () => {
    const requests = recordRequests();
    mockStatus(api.core.deposits, 401, { Message: 'Sessão expirada. Faça login novamente.' });
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessão expirada. Faça login novamente.');
    expect(screen.getByRole('link', { name: 'Entrar novamente' })).toHaveAttribute('href', '/Sair');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    // The header's way back stays.
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
    expect(requests).toHaveLength(1);
  });

  it('offline: says so, and the retry works once back online', async () => {
    mockNetworkError(api.core.deposits);
    const { user } = renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    mockJson(api.core.deposits, deposits);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: /^10\/11\/2026/ })).toBeInTheDocument();
  });

  it('a malformed answer shows an error instead of crashing', async () => {
    mockApi(api.core.deposits, () => HttpResponse.json({ unexpected: true }));
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
  });

  it('a list none of whose entries can be read is the unexpected error with a retry, never "no deposits"', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi(api.core.deposits, () => HttpResponse.json([null, null]));
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findByText(ERROR_TEXTS.unexpected)).toBeInTheDocument();
    expect(screen.queryByText('Não há registros aqui ainda')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    warn.mockRestore();
  });

  it('deposits with missing fields still render', async () => {
    mockApi(api.core.deposits, () =>
      HttpResponse.json([null, { Data: '2026-11-10T12:00:00-03:00', Valor: 10, Servico: null, Corridas: null }, { Valor: 'x' }]),
    );
    const { user } = renderRoute({ routes, path: '/deposits/list' });
    const panel = await screen.findByRole('region', { name: /10\/11\/2026/ });
    expect(within(panel).getByText('Taxa de serviço').nextElementSibling).toHaveTextContent('—');
    expect(within(panel).getByText('Não há registros aqui ainda')).toBeInTheDocument();
    await user.click(dayButton('Data não informada'));
    expect(screen.getByRole('heading', { level: 3, name: 'Depósito de data não informada' })).toBeInTheDocument();
  });
});
