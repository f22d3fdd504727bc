import { act, screen, waitFor, within } from '@testing-library/react';
import { api, type InboxCategory, type InboxMessage, type InboxMessageDetail } from '../../contract';
import { getSessionValue } from '@driver-portal/shared/session';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  type RecordedRequest,
  fixDate,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';
import { MARK_VIEWED_WAIT_MS } from './api';

const DRIVER = 'drv-1';
const BASE = '/communication/inbox/drv-1';

const categories: InboxCategory[] = [
  { id: 1, title: 'Meu cadastro', description: 'Mensagens sobre o seu cadastro', categorType: 0, countNews: 2 },
  { id: 2, title: 'Novidades', description: 'Novidades do aplicativo', categorType: 1, countNews: 1 },
  { id: 3, title: 'Avisos / Geral', description: 'Avisos gerais', categorType: 2, countNews: 0 },
  { id: 4, title: 'Promoções', description: 'Ofertas dos parceiros', categorType: 7, countNews: 0 },
];

// The fixed clock of the date tests: 20/11/2026 15:00 in Brazil.
const NOW = new Date('2026-11-20T15:00:00-03:00');

const messages: InboxMessage[] = [
  {
    id: 101,
    requestId: 5001,
    title: 'Documentos aprovados',
    description: 'Sua CNH foi aprovada.',
    receivedat: '2026-11-20T12:00:00.000Z', // 09:00 today in Brazil
    read: false,
    messageHRef: null,
  },
  {
    id: 102,
    requestId: 5002,
    title: 'Dados bancários',
    description: 'Confira a sua conta.',
    receivedat: '2026-11-19T20:00:00', // Brazil time, 19 hours before
    read: true,
    messageHRef: null,
  },
  {
    id: 103,
    requestId: 5003,
    title: 'Manutenção',
    description: 'Domingo de madrugada.',
    receivedat: '2026-11-19T10:00:00-03:00', // 29 hours before
    read: false,
    messageHRef: null,
  },
  {
    id: 104,
    requestId: 5004,
    title: 'Cadastro recebido',
    description: 'Recebemos o seu cadastro.',
    receivedat: '2026-10-01T15:00:00.000Z',
    read: true,
    messageHRef: null,
  },
];

const htmlDetail: InboxMessageDetail = {
  id: 101,
  title: 'Documentos aprovados',
  message: {
    description: 'Resultado da análise',
    body: '<p>Sua <strong>CNH</strong> foi aprovada.</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">clique</a>',
  },
};

const plainDetail: InboxMessageDetail = {
  id: 102,
  title: 'Dados bancários',
  message: { description: 'Conta de repasse', body: 'Confira a agência e a conta.\nSe 5 < 6 e 7 > 3, tudo certo.' },
};

const paths = (requests: RecordedRequest[]) => requests.map((request) => `${request.method} ${request.url.pathname}`);

function expectNoToken(requests: RecordedRequest[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) expect(request.headers.get('authorization')).toBeNull();
}

afterEach(() => {
  jest.useRealTimers();
  delete (window as unknown as { __xss?: unknown }).__xss;
});

describe('inbox categories', () => {
  it('lists categories with icon by type, title, description and new-message count; no token is sent', async () => {
    const requests = recordRequests();
    mockJson(api.communication.categories, categories);
    renderRoute({ routes, path: `/communication/category/${DRIVER}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mensagens' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Categorias de mensagens' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);

    const [user, news, other, unknown] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(user.querySelector('svg')).toHaveAttribute('data-icon', 'user');
    expect(news.querySelector('svg')).toHaveAttribute('data-icon', 'news');
    expect(other.querySelector('svg')).toHaveAttribute('data-icon', 'default');
    expect(unknown.querySelector('svg')).toHaveAttribute('data-icon', 'default');
    expect(user.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(user).getByText('Categoria de usuário')).toHaveClass('visually-hidden');
    expect(within(news).getByText('Categoria de novidades')).toBeInTheDocument();
    expect(within(other).getByText('Categoria geral')).toBeInTheDocument();

    expect(within(user).getByRole('heading', { level: 2, name: 'Meu cadastro' })).toBeInTheDocument();
    expect(within(user).getByText('Mensagens sobre o seu cadastro')).toBeInTheDocument();
    expect(within(user).getByText('2 novas mensagens')).toBeInTheDocument();
    expect(within(news).getByText('1 nova mensagem')).toBeInTheDocument();
    expect(within(other).queryByText(/nova/)).not.toBeInTheDocument();
    expect(other.querySelector('.badge')).toBeNull();

    // Each category opens its list, the title URL-encoded.
    expect(within(user).getByRole('link')).toHaveAttribute('href', '/communication/list/1/Meu%20cadastro');
    expect(within(other).getByRole('link')).toHaveAttribute('href', '/communication/list/3/Avisos%20%2F%20Geral');
    expect(within(unknown).getByRole('link')).toHaveAttribute('href', '/communication/list/4/Promo%C3%A7%C3%B5es');

    expect(paths(requests)).toEqual([`GET ${BASE}/categories`]);
    expectNoToken(requests);
    // The list and detail routes do not carry the driver: it is kept for the session.
    expect(getSessionValue('driverId')).toBe(DRIVER);
  });

  it('a category with no new messages shows no count badge at all (no "0")', async () => {
    mockJson(api.communication.categories, [
      { id: 3, title: 'Avisos / Geral', description: 'Avisos gerais', categorType: 2, countNews: 0 },
      { id: 2, title: 'Novidades', description: 'Novidades do aplicativo', categorType: 1, countNews: 1 },
    ]);
    renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    const list = await screen.findByRole('list', { name: 'Categorias de mensagens' });
    const [none, one] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];

    expect(none.querySelector('.badge')).toBeNull();
    expect(within(none).queryByText('0')).not.toBeInTheDocument();
    expect(within(none).queryByText(/nova/)).not.toBeInTheDocument();
    expect(within(none).getByRole('link')).toHaveAccessibleName(/^Categoria geral\s*Avisos \/ Geral\s*Avisos gerais$/);
    // The badge itself still works beside it.
    expect(one.querySelector('.badge')).toHaveTextContent('1');
    expect(within(one).getByText('1 nova mensagem')).toBeInTheDocument();
  });

  it('encodes the driver id in the call path', async () => {
    const requests = recordRequests();
    mockJson(api.communication.categories, []);
    renderRoute({ routes, path: '/communication/category/a%20b%2Fc' });
    expect(await screen.findByText(/Você ainda não tem mensagens/)).toBeInTheDocument();
    expect(requests[0]?.url.pathname).toBe('/communication/inbox/a%20b%2Fc/categories');
    expect(getSessionValue('driverId')).toBe('a b/c');
  });

  it('with ?showHeader=true (from onboarding) the header leads back to next steps; otherwise to the portal home', async () => {
    mockJson(api.communication.categories, categories);
    const first = renderRoute({ routes, path: `/communication/category/${DRIVER}?showHeader=true` });
    await screen.findByRole('list', { name: 'Categorias de mensagens' });
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/register/next-steps/');
    first.unmount();

    renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    await screen.findByRole('list', { name: 'Categorias de mensagens' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
  });

  it('opens a category: its list is titled by the category, even with a slash in the title', async () => {
    mockJson(api.communication.categories, categories);
    mockJson(api.communication.messages, { categories: messages });
    const requests = recordRequests();
    const { user } = renderRoute({ routes, path: `/communication/category/${DRIVER}` });

    await user.click(await screen.findByRole('link', { name: /Avisos \/ Geral/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Avisos / Geral' })).toBeInTheDocument();
    expect(await screen.findByText('Documentos aprovados')).toBeInTheDocument();
    expect(paths(requests)).toEqual([`GET ${BASE}/categories`, `GET ${BASE}/categories/3`]);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/communication/category/${DRIVER}`);
  });

  it("a new driver's empty inbox says so (no error): the last tap of the signup lands here", async () => {
    mockJson(api.communication.categories, []);
    renderRoute({ routes, path: `/communication/category/${DRIVER}?showHeader=true` });
    expect(
      await screen.findByText('Você ainda não tem mensagens. Quando o seu cadastro for analisado, avisaremos por aqui.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a driver id other than the one held is a driver switch: what the previous driver left is dropped', async () => {
    mockJson(api.communication.categories, []);
    window.sessionStorage.setItem('driver-portal:driverId', 'previous');
    window.sessionStorage.setItem('driver-portal:notificationTitle', 'do anterior');
    renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    await screen.findByText(/Você ainda não tem mensagens/);
    expect(getSessionValue('driverId')).toBe(DRIVER);
    expect(window.sessionStorage.getItem('driver-portal:notificationTitle')).toBeNull();
  });

  it('shows the loading state first', async () => {
    mockJson(api.communication.categories, categories);
    renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    expect(await screen.findByText('Meu cadastro')).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  });

  it.each([
    [404, { Message: 'Motorista não encontrado.' }, 'Motorista não encontrado.'],
    [500, { Message: 'Serviço de mensagens fora do ar.' }, 'Serviço de mensagens fora do ar.'],
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('on %i shows the server message and retries for real', async (status, body, text) => {
    mockStatus(api.communication.categories, status, body);
    const { user } = renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);

    mockJson(api.communication.categories, categories);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Meu cadastro')).toBeInTheDocument();
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('offline: says so, and retries', async () => {
    mockNetworkError(api.communication.categories);
    const { user } = renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    mockJson(api.communication.categories, categories);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Novidades')).toBeInTheDocument();
  });

  it('a malformed answer shows an error instead of crashing', async () => {
    mockApi(api.communication.categories, () => HttpResponse.json({ unexpected: true }));
    renderRoute({ routes, path: `/communication/category/${DRIVER}` });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
  });
});

describe('inbox messages', () => {
  const listPath = '/communication/list/1/Meu%20cadastro';

  it('lists the messages of the category: unread look different, dates Hoje / Ontem / DD/MM/YYYY', async () => {
    fixDate(NOW);
    const requests = recordRequests();
    mockJson(api.communication.messages, { categories: messages });
    renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Meu cadastro' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Meu cadastro' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [today, yesterday, older, oldest] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(today).getByText('Hoje')).toBeInTheDocument();
    expect(within(yesterday).getByText('Ontem')).toBeInTheDocument();
    expect(within(older).getByText('19/11/2026')).toBeInTheDocument();
    expect(within(oldest).getByText('01/10/2026')).toBeInTheDocument();

    expect(today).toHaveClass('list-item-highlighted');
    expect(within(today).getByText('Não lida')).toHaveClass('visually-hidden');
    expect(older).toHaveClass('list-item-highlighted');
    expect(yesterday).not.toHaveClass('list-item-highlighted');
    expect(within(yesterday).queryByText('Não lida')).not.toBeInTheDocument();
    expect(oldest).not.toHaveClass('list-item-highlighted');

    expect(within(today).getByRole('heading', { level: 2, name: 'Documentos aprovados' })).toBeInTheDocument();
    expect(within(today).getByText('Sua CNH foi aprovada.')).toBeInTheDocument();
    expect(within(today).getByRole('link')).toHaveAttribute('href', '/communication/details/1/101');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/communication/category/${DRIVER}`);

    expect(paths(requests)).toEqual([`GET ${BASE}/categories/1`]);
    expectNoToken(requests);
  });

  it('opening a message first marks its request as viewed, and only then opens the detail', async () => {
    let releasePut: () => void = () => undefined;
    const putAnswered = new Promise<void>((resolve) => {
      releasePut = resolve;
    });
    mockJson(api.communication.messages, { categories: messages });
    mockApi(api.communication.markViewed, async () => {
      await putAnswered;
      return HttpResponse.json({});
    });
    mockJson(api.communication.message, htmlDetail);
    const requests = recordRequests();
    const { user } = renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });

    await user.click(await screen.findByRole('link', { name: /Documentos aprovados/ }));
    await waitFor(() => expect(paths(requests)).toContain(`PUT ${BASE}/request/5001`));
    // While the PUT runs: still on the list, the overlay shows, the detail is not asked for.
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Meu cadastro' })).toBeInTheDocument();
    expect(paths(requests)).not.toContain(`GET ${BASE}/categories/1/message/101`);

    releasePut();
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos aprovados' })).toBeInTheDocument();
    expect(paths(requests)).toEqual([`GET ${BASE}/categories/1`, `PUT ${BASE}/request/5001`, `GET ${BASE}/categories/1/message/101`]);
    expectNoToken(requests);
    // The detail leads back to the list it came from.
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', listPath);
  });

  it.each([
    ['a 500', () => mockStatus(api.communication.markViewed, 500, { Message: 'Falhou.' })],
    ['a 404', () => mockStatus(api.communication.markViewed, 404, { Message: 'Mensagem não encontrada.' })],
    ['no network', () => mockNetworkError(api.communication.markViewed)],
  ])('if marking as viewed fails (%s) the message still opens, without an alert', async (_name, failPut) => {
    mockJson(api.communication.messages, { categories: messages });
    failPut();
    mockJson(api.communication.message, plainDetail);
    const requests = recordRequests();
    const { user } = renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });

    await user.click(await screen.findByRole('link', { name: /Dados bancários/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dados bancários' })).toBeInTheDocument();
    expect(await screen.findByText('Confira a agência e a conta.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(paths(requests)).toEqual([`GET ${BASE}/categories/1`, `PUT ${BASE}/request/5002`, `GET ${BASE}/categories/1/message/102`]);
  });

  it('a mark-viewed call that hangs never holds the screen: the message opens after a moment, the overlay goes', async () => {
    mockJson(api.communication.messages, { categories: messages });
    mockApi(api.communication.markViewed, () => new Promise<never>(() => undefined));
    mockJson(api.communication.message, plainDetail);
    const { user } = renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });
    await user.click(await screen.findByRole('link', { name: /Dados bancários/ }));
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    expect(await screen.findByText('Confira a agência e a conta.', {}, { timeout: MARK_VIEWED_WAIT_MS + 1_500 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument();
  });

  it('two quick taps mark the message only once', async () => {
    let releasePut: () => void = () => undefined;
    const putAnswered = new Promise<void>((resolve) => {
      releasePut = resolve;
    });
    mockJson(api.communication.messages, { categories: messages });
    mockApi(api.communication.markViewed, async () => {
      await putAnswered;
      return HttpResponse.json({});
    });
    mockJson(api.communication.message, htmlDetail);
    const requests = recordRequests();
    renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });
    const link = await screen.findByRole('link', { name: /Documentos aprovados/ });
    act(() => {
      link.click();
      link.click();
    });
    await waitFor(() => expect(paths(requests)).toContain(`PUT ${BASE}/request/5001`));
    releasePut();
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos aprovados' })).toBeInTheDocument();
    expect(paths(requests).filter((path) => path.startsWith('PUT'))).toHaveLength(1);
  });

  it('takes the driver from a driverId query parameter', async () => {
    const requests = recordRequests();
    mockJson(api.communication.messages, { categories: messages });
    renderRoute({ routes, path: `/communication/list/2/Novidades?driverId=drv-9` });
    expect(await screen.findByText('Documentos aprovados')).toBeInTheDocument();
    expect(paths(requests)).toEqual(['GET /communication/inbox/drv-9/categories/2']);
  });

  it('without a driver held for the session says so, links home and calls nothing', async () => {
    const requests = recordRequests();
    renderRoute({ routes, path: listPath });
    expect(await screen.findByText(/Não foi possível identificar o motorista/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Meu cadastro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/App');
    expect(requests).toHaveLength(0);
  });

  it('shows the empty state', async () => {
    mockJson(api.communication.messages, { categories: [] });
    renderRoute({ routes, path: '/communication/list/4/Promo%C3%A7%C3%B5es', session: { driverId: DRIVER } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Promoções' })).toBeInTheDocument();
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
  });

  it.each([
    [404, { Message: 'Categoria não encontrada.' }, 'Categoria não encontrada.'],
    [500, { Message: 'Serviço de mensagens fora do ar.' }, 'Serviço de mensagens fora do ar.'],
  ])('on %i shows the server message and retries for real', async (status, body, text) => {
    mockStatus(api.communication.messages, status, body);
    const { user } = renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    mockJson(api.communication.messages, { categories: messages });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Documentos aprovados')).toBeInTheDocument();
  });

  it('offline: says so', async () => {
    mockNetworkError(api.communication.messages);
    renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
  });

  it('an answer without the categories field shows an error instead of crashing', async () => {
    mockApi(api.communication.messages, () => HttpResponse.json({ messages }));
    renderRoute({ routes, path: listPath, session: { driverId: DRIVER } });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
  });
});

describe('inbox message detail', () => {
  const detailPathOf = (id: number) => `/communication/details/1/${id}`;

  it('renders an HTML body sanitized: the content shows, the script does not run', async () => {
    const requests = recordRequests();
    mockJson(api.communication.message, htmlDetail);
    const { container } = renderRoute({ routes, path: detailPathOf(101), session: { driverId: DRIVER } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos aprovados' })).toBeInTheDocument();
    expect(await screen.findByText('CNH')).toBeInTheDocument();
    expect(container.querySelector('.html-body strong')).toHaveTextContent('CNH');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('clique')).not.toHaveAttribute('href', expect.stringContaining('javascript'));
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
    // The HTML body is the content: the plain-text subject is not added to it.
    expect(screen.queryByText('Resultado da análise')).not.toBeInTheDocument();

    expect(paths(requests)).toEqual([`GET ${BASE}/categories/1/message/101`]);
    expectNoToken(requests);
    // A deep link has no list to go back to: the back link leads to the categories.
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/communication/category/${DRIVER}`);
  });

  it('renders a plain-text body as title plus text, never as markup', async () => {
    mockJson(api.communication.message, plainDetail);
    const { container } = renderRoute({ routes, path: detailPathOf(102), session: { driverId: DRIVER } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dados bancários' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Conta de repasse' })).toBeInTheDocument();
    expect(screen.getByText('Confira a agência e a conta.')).toBeInTheDocument();
    expect(screen.getByText('Se 5 < 6 e 7 > 3, tudo certo.')).toBeInTheDocument();
    expect(container.querySelector('.html-body')).toBeNull();
  });

  it('plain text that looks like a script is shown as text', async () => {
    mockJson(api.communication.message, {
      id: 5,
      title: 'Aviso',
      message: { description: 'Aviso', body: 'window.__xss=3 & nada mais' },
    });
    const { container } = renderRoute({ routes, path: detailPathOf(5), session: { driverId: DRIVER } });
    expect(await screen.findByText('window.__xss=3 & nada mais')).toBeInTheDocument();
    // A subject equal to the title is not repeated.
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('a message without content says so', async () => {
    mockJson(api.communication.message, { id: 6, title: 'Vazia', message: { description: '', body: '  ' } });
    renderRoute({ routes, path: detailPathOf(6), session: { driverId: DRIVER } });
    expect(await screen.findByText('Esta mensagem não tem conteúdo.')).toBeInTheDocument();
  });

  it('a malformed answer (no message, no title) does not crash', async () => {
    mockApi(api.communication.message, () => HttpResponse.json({ id: 7 }));
    renderRoute({ routes, path: detailPathOf(7), session: { driverId: DRIVER } });
    expect(await screen.findByText('Esta mensagem não tem conteúdo.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mensagem' })).toBeInTheDocument();
  });

  it.each([
    [404, { Message: 'Mensagem não encontrada.' }, 'Mensagem não encontrada.'],
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('on %i shows the server message under a generic title and retries for real', async (status, body, text) => {
    mockStatus(api.communication.message, status, body);
    const { user } = renderRoute({ routes, path: detailPathOf(101), session: { driverId: DRIVER } });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1, name: 'Mensagem' })).toBeInTheDocument();

    mockJson(api.communication.message, plainDetail);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dados bancários' })).toBeInTheDocument();
  });

  it('offline: says so', async () => {
    mockNetworkError(api.communication.message);
    renderRoute({ routes, path: detailPathOf(101), session: { driverId: DRIVER } });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
  });

  it('without a driver held for the session says so, links home and calls nothing', async () => {
    const requests = recordRequests();
    renderRoute({ routes, path: detailPathOf(101) });
    expect(await screen.findByText(/Não foi possível identificar o motorista/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mensagem' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/App');
    expect(requests).toHaveLength(0);
  });

  it('from the categories to a read message: the list shows it read on going back', async () => {
    const state = messages.map((message) => ({ ...message }));
    mockJson(api.communication.categories, categories);
    mockApi(api.communication.messages, () => HttpResponse.json({ categories: state }));
    mockApi(api.communication.markViewed, ({ params }) => {
      for (const message of state) if (String(message.requestId) === params.requestId) message.read = true;
      return HttpResponse.json({});
    });
    mockJson(api.communication.message, htmlDetail);
    const { user, router } = renderRoute({ routes, path: `/communication/category/${DRIVER}` });

    await user.click(await screen.findByRole('link', { name: /Meu cadastro/ }));
    const unread = await screen.findByRole('link', { name: /Documentos aprovados/ });
    expect(unread.closest('li')).toHaveClass('list-item-highlighted');
    await user.click(unread);
    expect(await screen.findByText('CNH')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    const read = await screen.findByRole('link', { name: /Documentos aprovados/ });
    expect(read.closest('li')).not.toHaveClass('list-item-highlighted');
    expect(within(read).queryByText('Não lida')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/communication/list/1/Meu%20cadastro');
  });
});
