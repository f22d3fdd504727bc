import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { api, type PolicyUpdateItem } from '../../contract';
import { routes } from '../../routes';

const ROUTE_TOKEN = 'token-da-rota';
const path = `/policies/${ROUTE_TOKEN}`;
const POLICIES: PolicyUpdateItem[] = [
  { Id: 11, Descricao: 'Termos de uso (versão 2025)', UrlDocumento: 'https://docs.provedor.com.br/termos.pdf' },
  { Id: 12, Descricao: 'Política de privacidade (versão 2025)', UrlDocumento: 'https://docs.provedor.com.br/privacidade.pdf' },
];

async function openPolicies(list: PolicyUpdateItem[] = POLICIES) {
  mockJson(api.eula.pendingPolicies, list);
  const rendered = renderRoute({ routes, path });
  await screen.findByRole('heading', { level: 1, name: 'Termos atualizados' });
  return rendered;
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continuar' });

async function tickAll(user: ReturnType<typeof renderRoute>['user']) {
  for (const policy of POLICIES) await user.click(box(policy.Descricao));
}

describe('the token of the address', () => {
  it('leaves the address and the history entry once read: the screen moves to /policies and still uses it', async () => {
    const requests = recordRequests();
    const { router } = await openPolicies();
    await screen.findByRole('list', { name: 'Termos atualizados' });
    expect(router.state.location.pathname).toBe('/policies');
    expect(JSON.stringify(router.state.location)).not.toContain(ROUTE_TOKEN);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${ROUTE_TOKEN}`);
  });

  it('/policies opened without a token from the app says to open the terms from the app again, and asks nothing', async () => {
    const requests = recordRequests();
    renderRoute({ routes, path: '/policies' });
    expect(await screen.findByText('Não foi possível abrir os termos. Abra-os novamente pelo aplicativo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
    expect(requests).toHaveLength(0);
  });
});

describe('policy updates', () => {
  it('lists each term with a box and a link to read it, asking the policy service with the token of the route', async () => {
    const requests = recordRequests();
    await openPolicies();
    const list = await screen.findByRole('list', { name: 'Termos atualizados' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    const read = screen.getByRole('link', { name: 'Ler Termos de uso (versão 2025)' });
    expect(read).toHaveAttribute('href', 'https://docs.provedor.com.br/termos.pdf');
    expect(read).toHaveAttribute('target', '_blank');
    expect(read).toHaveAttribute('rel', 'noopener noreferrer');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.href).toBe('http://localhost:4000/eula/eula');
    // The route's token, not the session's.
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${ROUTE_TOKEN}`);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
  });

  it('Continuar is enabled only while every term is ticked', async () => {
    const { user } = await openPolicies();
    await screen.findByRole('list', { name: 'Termos atualizados' });
    expect(continueButton()).toBeDisabled();
    await user.click(box('Termos de uso (versão 2025)'));
    expect(continueButton()).toBeDisabled();
    await user.click(box('Política de privacidade (versão 2025)'));
    expect(continueButton()).toBeEnabled();
    await user.click(box('Termos de uso (versão 2025)'));
    expect(continueButton()).toBeDisabled();
  });

  it('accepting sends every id with the route token, says so in success style, then goes home', async () => {
    const requests = recordRequests();
    const { user } = await openPolicies();
    await screen.findByRole('list', { name: 'Termos atualizados' });
    mockJson(api.eula.acceptPolicies, {});
    await tickAll(user);
    await user.click(continueButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Termos Atualizados com Sucesso.' });
    expect(dialog).toHaveClass('dialog-success');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.href).toBe('http://localhost:4000/eula/eula');
    expect(post?.headers.get('authorization')).toBe(`Bearer ${ROUTE_TOKEN}`);
    expect(post?.body).toEqual({ politicas: [11, 12] });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/App$/);
  });

  it('an empty list says "Nenhum termo atualizado no momento" and leads home', async () => {
    const { user } = await openPolicies([]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Nenhum termo atualizado no momento' });
    expect(screen.getAllByText('Nenhum termo atualizado no momento').length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/App$/);
    // One alert, not one per render.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'Token inválido.'],
    [500, 'Falha no serviço de termos.'],
  ])('a load answered %i shows the server message with a retry (the original only logged it)', async (status, message) => {
    mockStatus(api.eula.pendingPolicies, status, { Message: message });
    const { user } = renderRoute({ routes, path });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    mockJson(api.eula.pendingPolicies, POLICIES);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('checkbox', { name: 'Termos de uso (versão 2025)' })).toBeInTheDocument();
  });

  it('a refused token shows the session-expired state, without a retry', async () => {
    mockStatus(api.eula.pendingPolicies, 401, { Message: 'Não autorizado' });
    renderRoute({ routes, path, session: { token: TEST_TOKEN } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessão expirada. Faça login novamente.');
    expect(screen.getByRole('link', { name: 'Entrar novamente' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('offline while loading: says so with a retry', async () => {
    mockNetworkError(api.eula.pendingPolicies);
    renderRoute({ routes, path });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com a internet.');
  });

  it.each([
    [400, 'Termos inválidos: 12.'],
    [500, 'Erro ao gravar o aceite.'],
  ])('an acceptance answered %i says so in error style; the boxes stay ticked and Continuar tries again', async (status, message) => {
    const requests = recordRequests();
    const { user } = await openPolicies();
    await screen.findByRole('list', { name: 'Termos atualizados' });
    mockStatus(api.eula.acceptPolicies, status, { Message: message });
    await tickAll(user);
    await user.click(continueButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(box('Termos de uso (versão 2025)')).toBeChecked();

    mockJson(api.eula.acceptPolicies, {});
    await user.click(continueButton());
    expect(await screen.findByRole('alertdialog', { name: 'Termos Atualizados com Sucesso.' })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('an acceptance that never answers says the service took too long', async () => {
    const { user } = await openPolicies();
    await screen.findByRole('list', { name: 'Termos atualizados' });
    mockApi(api.eula.acceptPolicies, () => new Promise<never>(() => undefined));
    await tickAll(user);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(continueButton());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a term whose document address is not http(s) has no link, and can still be ticked', async () => {
    const { user } = await openPolicies([{ ...POLICIES[0]!, UrlDocumento: 'javascript:alert(1)' }]);
    await screen.findByRole('list', { name: 'Termos atualizados' });
    expect(screen.queryByRole('link', { name: /^Ler/ })).not.toBeInTheDocument();
    expect(screen.getByText('Documento indisponível')).toBeInTheDocument();
    await user.click(box('Termos de uso (versão 2025)'));
    await waitFor(() => expect(continueButton()).toBeEnabled());
  });
});
