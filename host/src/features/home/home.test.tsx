import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSessionValue } from '@driver-portal/shared/session';
import { delay } from 'msw';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';
import type { RemoteDescriptor } from '../../federation/remote-list';
import { HomePage } from './HomePage';
import { clearNavigationCache } from './navigation';

const selfService: RemoteDescriptor = {
  name: 'mfe_services',
  manifest: 'http://localhost:3201/mf-manifest.json',
  prefixes: ['/notifications', '/communication', '/deposits'],
};
// Deployed as a release: its tiles are read beside that release's manifest.
const account: RemoteDescriptor = {
  name: 'mfe_profile',
  manifest: 'http://localhost:3203/releases/r-1a2b/mf-manifest.json',
  prefixes: ['/eula'],
};
const insurance: RemoteDescriptor = {
  name: 'mfe_cover',
  manifest: 'http://localhost:3204/mf-manifest.json',
  prefixes: ['/car-insurance'],
};

// Remotes of a made-up suite: the home knows none of them, nor their sections.
const SELF_SERVICE_TILES = [
  { label: 'Notificações', path: '/notifications/list/', group: 'Autoatendimento', groupOrder: 10, needsDriverId: false },
  { label: 'Mensagens', path: '/communication/category/:driverId', group: 'Autoatendimento', needsDriverId: true },
  { label: 'Depósitos', path: '/deposits/list', group: 'Autoatendimento', needsDriverId: false },
];
const ACCOUNT_TILES = [{ label: 'Termos e políticas', path: '/eula/:driverId', group: 'Minha conta', groupOrder: 30, needsDriverId: true }];
const INSURANCE_TILES = [
  { label: 'Seguro auto', path: '/car-insurance/init/:driverId', group: 'Seguro e cartão', groupOrder: 40, needsDriverId: true },
];

let requested: string[] = [];

function serve(url: string, tiles: ReadonlyArray<Record<string, unknown>>) {
  return http.get(url, ({ request }) => {
    requested.push(request.url);
    return HttpResponse.json(tiles);
  });
}

function renderHome(remotes: RemoteDescriptor[], deadlineMs = 200) {
  const list = () => remotes;
  const router = createMemoryRouter([{ path: '/App', element: <HomePage remotes={list} deadlineMs={deadlineMs} /> }], {
    initialEntries: ['/App'],
  });
  render(<RouterProvider router={router} />);
}

const section = (name: string) => screen.getByRole('navigation', { name });
const linksOf = (name: string) =>
  within(section(name))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

beforeEach(() => {
  clearNavigationCache();
  requested = [];
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('home page: tiles come from each remote', () => {
  it("shows the tiles of every remote in their sections, in the order the remotes' hints give", async () => {
    setSessionValue('driverId', 'abc');
    server.use(
      serve('http://localhost:3201/navigation.json', SELF_SERVICE_TILES),
      serve('http://localhost:3203/releases/r-1a2b/navigation.json', ACCOUNT_TILES),
      serve('http://localhost:3204/navigation.json', INSURANCE_TILES),
    );
    // The remote list's order does not move the sections: their hints do.
    renderHome([insurance, account, selfService]);
    expect(await screen.findByRole('link', { name: 'Notificações' })).toBeInTheDocument();

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Autoatendimento',
      'Minha conta',
      'Seguro e cartão',
    ]);
    expect(linksOf('Autoatendimento')).toEqual([
      ['Notificações', '/notifications/list/'],
      ['Mensagens', '/communication/category/abc'],
      ['Depósitos', '/deposits/list'],
    ]);
    expect(linksOf('Minha conta')).toEqual([['Termos e políticas', '/eula/abc']]);
    expect(linksOf('Seguro e cartão')).toEqual([['Seguro auto', '/car-insurance/init/abc']]);
    expect(screen.getByRole('link', { name: 'Sair' })).toHaveAttribute('href', '/Sair');
    // Each file read once, from beside the manifest the remote list names (a release's folder too).
    expect(requested.sort()).toEqual([
      'http://localhost:3201/navigation.json',
      'http://localhost:3203/releases/r-1a2b/navigation.json',
      'http://localhost:3204/navigation.json',
    ]);
  });

  it('without a driver id in the session, tiles that need it are left out', async () => {
    server.use(
      serve('http://localhost:3201/navigation.json', SELF_SERVICE_TILES),
      serve('http://localhost:3203/releases/r-1a2b/navigation.json', ACCOUNT_TILES),
    );
    renderHome([selfService, account]);
    expect(await screen.findByRole('link', { name: 'Notificações' })).toBeInTheDocument();
    expect(linksOf('Autoatendimento')).toEqual([
      ['Notificações', '/notifications/list/'],
      ['Depósitos', '/deposits/list'],
    ]);
    expect(screen.queryByRole('link', { name: 'Mensagens' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Minha conta' })).not.toBeInTheDocument();
  });

  it('encodes the driver id into the path', async () => {
    setSessionValue('driverId', 'a/b?c#d');
    server.use(serve('http://localhost:3203/releases/r-1a2b/navigation.json', ACCOUNT_TILES));
    renderHome([account]);
    expect(await screen.findByRole('link', { name: 'Termos e políticas' })).toHaveAttribute('href', '/eula/a%2Fb%3Fc%23d');
  });

  it.each([
    ['answers 404', http.get('http://localhost:3203/releases/r-1a2b/navigation.json', () => new HttpResponse(null, { status: 404 }))],
    ['is unreachable', http.get('http://localhost:3203/releases/r-1a2b/navigation.json', () => HttpResponse.error())],
    [
      'answers malformed JSON',
      http.get('http://localhost:3203/releases/r-1a2b/navigation.json', () => new HttpResponse('[{"label":', { status: 200 })),
    ],
    [
      'answers something that is not a list',
      http.get('http://localhost:3203/releases/r-1a2b/navigation.json', () => HttpResponse.json({})),
    ],
    [
      'does not answer before the deadline',
      http.get('http://localhost:3203/releases/r-1a2b/navigation.json', async () => {
        await delay('infinite');
        return HttpResponse.json(ACCOUNT_TILES);
      }),
    ],
  ])('a remote that %s adds nothing; the others still show', async (_case, handler) => {
    setSessionValue('driverId', 'abc');
    server.use(serve('http://localhost:3201/navigation.json', SELF_SERVICE_TILES), handler);
    const started = Date.now();
    renderHome([selfService, account], 300);
    expect(await screen.findByRole('link', { name: 'Notificações' })).toBeInTheDocument();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(screen.queryByRole('navigation', { name: 'Minha conta' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Carregando/)).not.toBeInTheDocument();
  });

  it('drops malformed tiles and tiles outside the remote own prefixes, saying which field and why; the rest of the file shows', async () => {
    setSessionValue('driverId', 'abc');
    server.use(
      serve('http://localhost:3203/releases/r-1a2b/navigation.json', [
        ...ACCOUNT_TILES,
        { label: 'Roubando a rota de outro', path: '/notifications/list/', group: 'Minha conta', needsDriverId: false },
        { label: 'Fora', path: 'https://evil.example/', group: 'Minha conta', needsDriverId: false },
        { label: 'Sem seção', path: '/eula/x', group: '', needsDriverId: false },
        { label: 'Ordem', path: '/eula/y', group: 'Minha conta', groupOrder: 'primeiro', needsDriverId: false },
      ]),
    );
    renderHome([account]);
    expect(await screen.findByRole('link', { name: 'Termos e políticas' })).toBeInTheDocument();
    expect(linksOf('Minha conta')).toEqual([['Termos e políticas', '/eula/abc']]);
    const warnings = jest
      .mocked(console.warn)
      .mock.calls.map(([message]) => String(message))
      .filter((message) => message.includes('refused'));
    expect(warnings).toEqual([
      "[portal] home tile 1 of mfe_profile refused: path is outside the remote's prefixes",
      '[portal] home tile 2 of mfe_profile refused: path must be a path of the portal, starting with one "/"',
      "[portal] home tile 3 of mfe_profile refused: group must be the home section's title: a non-empty text of at most 40 characters",
      "[portal] home tile 4 of mfe_profile refused: groupOrder, when given, must be a whole number from 0 to 999 (the section's place on the home, lower first)",
    ]);
  });

  it('shows a section no one told the host about (a new remote declares it), placed by its hint, without a rebuild', async () => {
    const rewards: RemoteDescriptor = { name: 'mfe_rewards', manifest: 'http://localhost:3099/mf-manifest.json', prefixes: ['/rewards'] };
    server.use(
      serve('http://localhost:3201/navigation.json', SELF_SERVICE_TILES),
      serve('http://localhost:3204/navigation.json', INSURANCE_TILES),
      serve('http://localhost:3099/navigation.json', [
        { label: 'Meus pontos', path: '/rewards/home', group: 'Recompensas', groupOrder: 15, needsDriverId: false },
        { label: 'Resgatar', path: '/rewards/redeem', group: 'Recompensas', needsDriverId: false },
      ]),
    );
    setSessionValue('driverId', 'abc');
    renderHome([selfService, insurance, rewards]);
    expect(await screen.findByRole('link', { name: 'Meus pontos' })).toHaveAttribute('href', '/rewards/home');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Autoatendimento',
      'Recompensas',
      'Seguro e cartão',
    ]);
    expect(linksOf('Recompensas')).toEqual([
      ['Meus pontos', '/rewards/home'],
      ['Resgatar', '/rewards/redeem'],
    ]);
  });

  it('sections without an order hint follow those with one, in the order of the remote list', async () => {
    const plain = (name: string, port: number, prefix: string, group: string): [RemoteDescriptor, ReturnType<typeof serve>] => [
      { name, manifest: `http://localhost:${port}/mf-manifest.json`, prefixes: [prefix] },
      serve(`http://localhost:${port}/navigation.json`, [{ label: group, path: `${prefix}/home`, group, needsDriverId: false }]),
    ];
    const [zeta, serveZeta] = plain('mfe_zeta', 3097, '/zeta', 'Zeta');
    const [alpha, serveAlpha] = plain('mfe_alpha', 3098, '/alpha', 'Alfa');
    server.use(serveZeta, serveAlpha, serve('http://localhost:3204/navigation.json', INSURANCE_TILES));
    setSessionValue('driverId', 'abc');
    renderHome([zeta, alpha, insurance]);
    expect(await screen.findByRole('link', { name: 'Alfa' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Seguro e cartão', 'Zeta', 'Alfa']);
  });

  it('while the files load the home says so; with no remote answering it offers to try again, and the retry reads them again', async () => {
    server.use(http.get('http://localhost:3201/navigation.json', () => HttpResponse.error(), { once: true }));
    renderHome([selfService]);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando as áreas do portal...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nenhuma área do portal está disponível agora.');
    expect(screen.getByRole('link', { name: 'Sair' })).toBeInTheDocument();

    server.use(serve('http://localhost:3201/navigation.json', SELF_SERVICE_TILES));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Notificações' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
