import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { getSessionValue, sessionValue, setSessionValue } from '@driver-portal/shared/session';
import type { RemoteRoutesModule } from '@driver-portal/shared/shell';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';

const loadRemote = jest.fn<Promise<RemoteRoutesModule | null>, [string]>();
const registerRemotes = jest.fn();
// The host's federation runtime (its own chunk): what the registry asks of it.
jest.mock('./runtime', () => ({
  createHostFederation: () => ({
    loadRemote: (id: string) => loadRemote(id),
    registerRemotes: (...args: unknown[]) => registerRemotes(...args),
    preloadRemote: () => Promise.resolve([]),
  }),
}));

// Imported after the mock is declared (jest hoists jest.mock above imports).
import type { RemoteDescriptor } from './remote-list';
import { RemoteRegistry } from './remote-registry';
import { hostRoutes, remoteRouteDiscovery } from './router';
import { clearNavigationCache } from '../features/home/navigation';

const remotes: RemoteDescriptor[] = [
  { name: 'mfe_self_service', manifest: 'http://localhost:3001/mf-manifest.json', prefixes: ['/notifications', '/performed-runs'] },
  { name: 'mfe_account', manifest: 'http://localhost:3003/mf-manifest.json', prefixes: ['/eula'] },
];

const selfService: RemoteRoutesModule = {
  prefixes: ['/notifications', '/performed-runs'],
  routes: [
    { path: 'notifications/list', element: <h1>Lista de notificações</h1> },
    { path: 'performed-runs/list', element: <h1>Extrato</h1> },
  ],
};

function Boom(): never {
  throw new Error('render failure');
}

const account: RemoteRoutesModule = {
  prefixes: ['/eula'],
  routes: [
    { path: 'eula/:driverId', element: <h1>Termos</h1> },
    { path: 'eula/quebrada/tela', element: <Boom /> },
  ],
};

function renderHost(path: string) {
  const registry = new RemoteRegistry(remotes);
  const router = createMemoryRouter(hostRoutes(registry), {
    initialEntries: [path],
    patchRoutesOnNavigation: remoteRouteDiscovery(registry),
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
  clearNavigationCache();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // The home's tiles of remotes these tests do not serve are left out, with a warning.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('host routing', () => {
  it('registers every remote of the list with the federation runtime once a remote is needed, and not for the home', async () => {
    renderHost('/App');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeInTheDocument();
    expect(registerRemotes).not.toHaveBeenCalled();
    loadRemote.mockResolvedValue(selfService);
    renderHost('/notifications/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lista de notificações' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'mfe_self_service', entry: 'http://localhost:3001/mf-manifest.json' },
      { name: 'mfe_account', entry: 'http://localhost:3003/mf-manifest.json' },
    ]);
  });

  it("home reads each remote's tiles as data, without loading any remote", async () => {
    setSessionValue('driverId', 'abc');
    server.use(
      http.get('http://localhost:3001/navigation.json', () =>
        HttpResponse.json([{ label: 'Notificações', path: '/notifications/list/', group: 'Autoatendimento', needsDriverId: false }]),
      ),
      http.get('http://localhost:3003/navigation.json', () =>
        HttpResponse.json([{ label: 'Termos e políticas', path: '/eula/:driverId', group: 'Minha conta', needsDriverId: true }]),
      ),
    );
    renderHost('/App');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notificações' })).toHaveAttribute('href', '/notifications/list/');
    expect(screen.getByRole('link', { name: 'Termos e políticas' })).toHaveAttribute('href', '/eula/abc');
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('without the remote list the home has no tiles; its retry reads the list again, then the tiles', async () => {
    const registry = new RemoteRegistry([], { listUnavailable: true });
    const router = createMemoryRouter(hostRoutes(registry), { initialEntries: ['/App'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nenhuma área do portal está disponível agora.');

    server.use(
      http.get('http://localhost/remotes.json', () => HttpResponse.json(remotes)),
      http.get('http://localhost:3001/navigation.json', () =>
        HttpResponse.json([{ label: 'Depósitos', path: '/performed-runs/list', group: 'Autoatendimento', needsDriverId: false }]),
      ),
      http.get('http://localhost:3003/navigation.json', () => HttpResponse.json([])),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Depósitos' })).toHaveAttribute('href', '/performed-runs/list');
    expect(registry.listUnavailable).toBe(false);
  });

  it('/Sair ends the session here and opens the sign-out page that visits every origin', async () => {
    setSessionValue('token', 't');
    sessionValue('notTitle').set('x');
    const signOut = jest.fn();
    const registry = new RemoteRegistry(remotes);
    const router = createMemoryRouter(hostRoutes(registry, { signOut }), { initialEntries: ['/Sair'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(getSessionValue('token')).toBeUndefined();
    expect(sessionValue('notTitle').get()).toBeUndefined();
    expect(await screen.findByText('Saindo...')).toBeInTheDocument();
  });

  it('/Login says the session ended', async () => {
    renderHost('/Login');
    expect(await screen.findByText('Sua sessão foi encerrada.')).toBeInTheDocument();
  });

  it('unknown paths get the not-found page without loading any remote', async () => {
    renderHost('/nada/aqui');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('a deep link loads only the remote that owns it, case-insensitively', async () => {
    loadRemote.mockResolvedValue(selfService);
    renderHost('/Performed-Runs/list');
    expect(await screen.findByRole('heading', { name: 'Extrato' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('mfe_self_service/routes');
  });

  it('a remote that cannot load shows a fallback whose retry really loads it again', async () => {
    loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008 network'));
    const { user } = renderHost('/notifications/list');
    expect(await screen.findByRole('heading', { name: 'Esta área está indisponível' })).toBeInTheDocument();

    loadRemote.mockResolvedValue(selfService);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Lista de notificações' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
    // The retry re-registered the remote, dropping the runtime's cached failure.
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_self_service', entry: 'http://localhost:3001/mf-manifest.json' }], {
      force: true,
    });
  });

  it('one remote down, the others keep working', async () => {
    loadRemote.mockImplementation((id) =>
      id.startsWith('mfe_self_service') ? Promise.reject(new Error('down')) : Promise.resolve(account),
    );
    const { router } = renderHost('/notifications/list');
    expect(await screen.findByRole('heading', { name: 'Esta área está indisponível' })).toBeInTheDocument();
    await router.navigate('/eula/abc');
    expect(await screen.findByRole('heading', { name: 'Termos' })).toBeInTheDocument();
  });

  it('a screen that throws is contained to its routes, with a retry', async () => {
    loadRemote.mockResolvedValue(account);
    const { router, user } = renderHost('/eula/quebrada/tela');
    expect(await screen.findByRole('heading', { name: 'Algo deu errado nesta tela' })).toBeInTheDocument();
    // The retry's code is a chunk of its own (area-retry.ts), imported on the tap: the navigation
    // that follows it comes a few ticks later, still inside act (outside it, React reports the
    // screen's second throw as a recoverable error of a concurrent render).
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(await screen.findByRole('heading', { name: 'Algo deu errado nesta tela' })).toBeInTheDocument();
    await router.navigate('/App');
    expect(await screen.findByRole('heading', { name: 'Portal do Motorista' })).toBeInTheDocument();
  });

  it('without the remote list, paths the host does not know offer to try again, and the retry works', async () => {
    const registry = new RemoteRegistry([], { listUnavailable: true });
    const router = createMemoryRouter(hostRoutes(registry), {
      initialEntries: ['/notifications/list'],
      patchRoutesOnNavigation: remoteRouteDiscovery(registry),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Esta área está indisponível' })).toBeInTheDocument();

    server.use(http.get('http://localhost/remotes.json', () => HttpResponse.json(remotes)));
    loadRemote.mockResolvedValue(selfService);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Lista de notificações' })).toBeInTheDocument();
  });

  it('a remote without routes counts as unavailable', async () => {
    loadRemote.mockResolvedValue(null);
    renderHost('/notifications/list');
    expect(await screen.findByRole('heading', { name: 'Esta área está indisponível' })).toBeInTheDocument();
  });

  it('navigating between remotes from a link works', async () => {
    loadRemote.mockImplementation((id) => Promise.resolve(id.startsWith('mfe_account') ? account : selfService));
    const registry = new RemoteRegistry(remotes);
    const [root] = hostRoutes(registry);
    if (!root) throw new Error('host has a root route');
    root.children = [...(root.children ?? []), { path: 'inicio', element: <Link to="/eula/abc">Termos</Link> }];
    const router = createMemoryRouter([root], { initialEntries: ['/inicio'], patchRoutesOnNavigation: remoteRouteDiscovery(registry) });
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Termos' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Termos' })).toBeInTheDocument());
  });
});
