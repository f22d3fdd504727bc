import { screen, waitFor, within } from '@testing-library/react';
import { api, type Notification } from '../../contract';
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

const notifications: Notification[] = [
  {
    Id: 1,
    Titulo: 'Documentos aprovados',
    Descricao: 'Sua CNH foi aprovada',
    Data: '2026-11-20T14:05:00',
    HRef: '/register/review-docs/abc',
    Corpo: '',
  },
  {
    Id: 2,
    Titulo: 'Nova campanha',
    Descricao: 'Ganhe bônus',
    Data: '2026-11-19T08:30:00',
    HRef: 'https://provedor.com.br/campanha',
    Corpo: '',
  },
  { Id: 3, Titulo: 'Sem link', Descricao: 'Aviso', Data: '2026-11-18T10:00:00', HRef: 'javascript:alert(1)', Corpo: '' },
];

describe('notifications list', () => {
  it('lists notifications with title, description and date, sending the bearer token', async () => {
    const requests = recordRequests();
    mockJson(api.core.notifications, notifications);
    renderRoute({ routes, path: '/notifications/list/' });

    const list = await screen.findByRole('list', { name: 'Notificações' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Documentos aprovados')).toBeInTheDocument();
    expect(screen.getByText('20/11/2026 14:05')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe('/core/notificacoes/lista');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    // Outside register mode: every item opens its detail, no logout link.
    expect(screen.getByRole('link', { name: /Nova campanha/ })).toHaveAttribute('href', '/notifications/details/2');
    expect(screen.queryByRole('link', { name: 'Sair' })).not.toBeInTheDocument();
  });

  it('in register mode links to each item HRef (safe ones only) and shows Sair', async () => {
    mockJson(api.core.notifications, notifications);
    renderRoute({ routes, path: '/notifications/list/?driverId=abc' });

    expect(await screen.findByRole('link', { name: /Documentos aprovados/ })).toHaveAttribute('href', '/register/review-docs/abc');
    const external = screen.getByRole('link', { name: /Nova campanha/ });
    expect(external).toHaveAttribute('href', 'https://provedor.com.br/campanha');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /Sem link/ })).toHaveAttribute('href', '/notifications/details/3');
    expect(screen.getByRole('link', { name: 'Sair' })).toHaveAttribute('href', '/Sair');
  });

  it.each([['/\\evil.example/x'], ['/\t/evil.example/x'], ['/\n/evil.example/x']])(
    'in register mode an HRef of %j (another site to a browser) opens the detail, never another site',
    async (hRef) => {
      mockJson(api.core.notifications, [{ Id: 9, Titulo: 'Aviso', Descricao: 'x', Data: '2026-11-18T10:00:00', HRef: hRef }]);
      const { user } = renderRoute({ routes, path: '/notifications/list/?driverId=abc' });
      const link = await screen.findByRole('link', { name: /Aviso/ });
      expect(link).toHaveAttribute('href', '/notifications/details/9');
      mockJson(api.core.notification, { Corpo: 'Texto' });
      await user.click(link);
      expect(await screen.findByText('Texto')).toBeInTheDocument();
    },
  );

  it('in register mode an in-portal HRef never carries a token into the portal', async () => {
    mockJson(api.core.notifications, [
      { Id: 9, Titulo: 'Aviso', Descricao: 'x', Data: '2026-11-18T10:00:00', HRef: '/password/change?token=attacker' },
    ]);
    renderRoute({ routes, path: '/notifications/list/?driverId=abc' });
    expect(await screen.findByRole('link', { name: /Aviso/ })).toHaveAttribute('href', '/password/change');
  });

  it('shows the empty state', async () => {
    mockJson(api.core.notifications, []);
    renderRoute({ routes, path: '/notifications/list/' });
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
  });

  it.each([
    [500, { Message: 'Serviço de notificações fora do ar.' }, 'Serviço de notificações fora do ar.'],
    [404, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [400, { Message: 'Requisição inválida.' }, 'Requisição inválida.'],
  ])('on %i shows the server message and retries for real', async (status, body, text) => {
    mockStatus(api.core.notifications, status, body);
    const { user } = renderRoute({ routes, path: '/notifications/list/' });
    expect(await screen.findByText(text)).toBeInTheDocument();

    mockJson(api.core.notifications, notifications);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Documentos aprovados')).toBeInTheDocument();
  });

  it('a malformed answer shows an error instead of crashing', async () => {
    mockApi(api.core.notifications, () => HttpResponse.json({ unexpected: true }));
    renderRoute({ routes, path: '/notifications/list/' });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
  });

  it.each([
    ['a number body', { Corpo: 42 }],
    ['an object body', { Corpo: { html: '<p>x</p>' } }],
    ['no body', {}],
    ['a list', [{ Corpo: 'x' }]],
  ])('a detail answer with %s is the unexpected error with a retry, never a crashed screen', async (_case, answer) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi(api.core.notification, () => HttpResponse.json(answer));
    const { user } = renderRoute({ routes, path: '/notifications/details/1' });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
    expect(screen.queryByText('Algo deu errado nesta tela')).not.toBeInTheDocument();
    mockJson(api.core.notification, { Corpo: '<p>Agora sim</p>' });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Agora sim')).toBeInTheDocument();
    warn.mockRestore();
  });

  it('offline: says so instead of crashing', async () => {
    mockNetworkError(api.core.notifications);
    renderRoute({ routes, path: '/notifications/list/' });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
  });
});

describe('notification detail', () => {
  it('opens from the list with its title and renders the body sanitized', async () => {
    // `notificacoes/:id` also matches `notificacoes/lista`: the list handler goes last to win.
    mockJson(api.core.notification, {
      Corpo:
        '<p>Olá <strong>motorista</strong></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">clique</a>',
    });
    mockJson(api.core.notifications, notifications);
    const requests = recordRequests();
    const { user, container } = renderRoute({ routes, path: '/notifications/list/' });

    await user.click(await screen.findByRole('link', { name: /Nova campanha/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova campanha' })).toBeInTheDocument();
    expect(await screen.findByText('motorista')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('clique')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
    await waitFor(() => expect(requests.map((r) => r.url.pathname)).toContain('/core/notificacoes/2'));
  });

  it('deep link without a title held for the session uses a generic one; 404 shows the server message', async () => {
    mockStatus(api.core.notification, 404, { Message: 'Notificação não encontrada.' });
    renderRoute({ routes, path: '/notifications/details/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificação' })).toBeInTheDocument();
    expect(await screen.findByText('Notificação não encontrada.')).toBeInTheDocument();
  });
});
