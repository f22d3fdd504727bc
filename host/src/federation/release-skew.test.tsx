import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RemoteRoutesModule } from '@driver-portal/shared/shell';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';

const loadRemote = jest.fn<Promise<RemoteRoutesModule | null>, [string]>();
const registerRemotes = jest.fn();
jest.mock('./runtime', () => ({
  createHostFederation: () => ({
    loadRemote: (id: string) => loadRemote(id),
    registerRemotes: (...args: unknown[]) => registerRemotes(...args),
    preloadRemote: () => Promise.resolve([]),
  }),
}));

// Imported after the mock is declared (jest hoists jest.mock above imports).
import type { RemoteDescriptor } from './remote-list';
import { RemoteRegistry, releaseSettings } from './remote-registry';
import { switchByFullLoad } from './list-revalidation';
import { hostRoutes, remoteRouteDiscovery } from './router';

// Drivers keep the webview open for a whole shift while squads release (issue 21).

const LIST_URL = 'http://localhost/remotes.json';
const manifest = (release: string) => `http://localhost:3001/releases/${release}/mf-manifest.json`;
const listWith = (release: string): RemoteDescriptor[] => [
  { name: 'mfe_self_service', manifest: manifest(release), prefixes: ['/notifications'] },
];
const screenOf = (label: string): RemoteRoutesModule => ({
  prefixes: ['/notifications'],
  routes: [
    { path: 'notifications/list', element: <h1>{label}</h1> },
    { path: 'notifications/other', element: <h1>Outra tela</h1> },
  ],
});

let clock = 0;
let listRequests: Array<{ ifNoneMatch: string | null }> = [];
/** Serves `release` as the live list, with an ETag nginx-like: 304 when the client has it. */
function serveList(release: string) {
  server.use(
    http.get(LIST_URL, ({ request }) => {
      const ifNoneMatch = request.headers.get('If-None-Match');
      listRequests.push({ ifNoneMatch });
      const etag = `"${release}"`;
      if (ifNoneMatch === etag) return new HttpResponse(null, { status: 304, headers: { ETag: etag } });
      return HttpResponse.json(listWith(release), { headers: { ETag: etag } });
    }),
  );
}

function renderHost(path: string, registry: RemoteRegistry, loadPage = jest.fn()) {
  const router = createMemoryRouter(hostRoutes(registry), {
    initialEntries: [path],
    patchRoutesOnNavigation: remoteRouteDiscovery(registry, { loadPage }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

function newRegistry(release: string) {
  const registry = new RemoteRegistry(listWith(release), { etag: `"${release}"`, now: () => clock });
  registry.configure({ revalidateAfterMs: 30_000 });
  return registry;
}

beforeEach(() => {
  clock = 1_000_000;
  listRequests = [];
  loadRemote.mockReset();
  registerRemotes.mockReset();
  sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('the revalidation interval comes from the runtime configuration', () => {
  it('takes releases.revalidateSeconds, else one minute', () => {
    expect(releaseSettings({ releases: { revalidateSeconds: 5 } })).toEqual({ revalidateAfterMs: 5000 });
    expect(releaseSettings({})).toEqual({ revalidateAfterMs: 60_000 });
    expect(releaseSettings({ releases: { revalidateSeconds: 'soon' } })).toEqual({ revalidateAfterMs: 60_000 });
  });
});

describe('a tab open across releases', () => {
  it('an area not loaded yet loads the version live now, after a cheap revalidation (304 while nothing changed)', async () => {
    const registry = newRegistry('r1');
    serveList('r1');
    // Within the interval: no request at all.
    await registry.revalidate();
    expect(listRequests).toHaveLength(0);
    // Past it, nothing released: one conditional request, answered 304.
    clock += 31_000;
    await registry.revalidate();
    expect(listRequests).toEqual([{ ifNoneMatch: '"r1"' }]);

    serveList('r2');
    clock += 31_000;
    loadRemote.mockResolvedValue(screenOf('Notificações r2'));
    renderHost('/notifications/list', registry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações r2' })).toBeInTheDocument();
    // Registered with the new release's manifest before its code was asked for.
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_self_service', entry: manifest('r2') }]);
    expect(listRequests.at(-1)).toEqual({ ifNoneMatch: '"r1"' });
  });

  it('an area already loaded whose version changed is switched by a full load at the next navigation into it, once', async () => {
    const registry = newRegistry('r1');
    serveList('r1');
    const assign = jest.fn();
    loadRemote.mockResolvedValue(screenOf('Notificações r1'));
    const router = renderHost('/notifications/list', registry, assign);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações r1' })).toBeInTheDocument();

    // A release goes live while the driver is in the area: screens of the area keep the version.
    serveList('r2');
    clock += 31_000;
    await act(() => router.navigate('/notifications/other'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Outra tela' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    // Out of the area and back in: the list is read again, and the target is loaded as a new page.
    await act(() => router.navigate('/App'));
    await act(() => void router.navigate('/notifications/list?aba=2'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/notifications/list?aba=2'));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    // Coming back to the area again within the minute does not reload once more.
    await act(() => router.navigate('/App'));
    await act(() => void router.navigate('/notifications/list'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações r1' })).toBeInTheDocument();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a list that does not answer holds the navigation at most for the deadline, then the area opens with the list the page has', async () => {
    const registry = new RemoteRegistry(listWith('r1'), { etag: '"r1"', now: () => clock, revalidationDeadlineMs: 200 });
    registry.configure({ revalidateAfterMs: 30_000 });
    server.use(http.get(LIST_URL, () => new Promise<never>(() => undefined)));
    clock += 31_000;
    loadRemote.mockResolvedValue(screenOf('Notificações r1'));
    renderHost('/notifications/list', registry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações r1' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_self_service', entry: manifest('r1') }]);
  });

  it('never switches twice to the same version within a minute (no reload loop)', () => {
    const assign = jest.fn();
    expect(switchByFullLoad('http://localhost/notifications/list', manifest('r2'), assign)).toBe(true);
    expect(switchByFullLoad('http://localhost/notifications/list', manifest('r2'), assign)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    // Another version later is a switch again.
    expect(switchByFullLoad('http://localhost/notifications/list', manifest('r3'), assign)).toBe(true);
  });

  it('the retry of a refused area reads the list again and loads the version live now (a rollback)', async () => {
    const registry = newRegistry('bad');
    serveList('bad');
    loadRemote.mockRejectedValueOnce(new Error('PORTAL_INCOMPATIBLE_REMOTE: mfe_self_service needs react ^18.3.1'));
    renderHost('/notifications/list', registry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Esta área precisa ser atualizada' })).toBeInTheDocument();

    // Rolled back: within the interval, yet the retry asks for the list.
    serveList('good');
    loadRemote.mockResolvedValue(screenOf('Notificações'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_self_service', entry: manifest('good') }], { force: true });
    expect(listRequests).toHaveLength(1);
  });
});
