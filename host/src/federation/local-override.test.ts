import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';
import { HostFederation, type FederationGlobal } from './container-runtime';
import { withDevtools } from './devtools';
import { BANNER_LABEL, CLEAR_LABEL, showOverrideBanner } from './local-override-banner';
import { clearLocalOverrides, localOverrides, OVERRIDE_PREFIX, overrideRemotes } from './local-override';
import { loopbackManifest } from './local-override-address';
import { remoteEntryUrl } from './manifest-assets';
import portalVersionGuard from './plugins/version-guard';
import { devtoolsAsked, providedShared } from './runtime';

// A squad's local remote inside a deployed host (docs/local-override.md): which addresses are
// taken, and that the remote then comes, manifest, entry and chunks, from the squad's address,
// through the same checks as a release.

const RELEASE = 'https://remotes.example/mfe_x/releases/7/mf-manifest.json';
const LOCAL = 'http://localhost:3103/mf-manifest.json';

const manifest = (overrides: Record<string, unknown> = {}) => ({
  name: 'mfe_x',
  metaData: { globalName: 'mfe_x', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, pluginVersion: '2.9.2' },
  shared: [{ name: 'react', singleton: true, requiredVersion: '^19.0.0' }],
  exposes: [{ path: './routes', assets: { js: { sync: ['routes.1a.js'] }, css: { sync: [] } } }],
  ...overrides,
});

describe('the address rule of a local override', () => {
  it.each([
    'http://localhost:3103/mf-manifest.json',
    'http://localhost:1/mf-manifest.json',
    'http://localhost:65535/dist/mfe_x/mf-manifest.json',
    'http://localhost:8080/a-b_c.d~e/mf-manifest.json',
  ])('takes %s', (address) => {
    expect(loopbackManifest(address)).toEqual({ url: address });
  });

  it.each([
    // Another host, or one that only starts like loopback.
    ['https://evil.example/mf-manifest.json', 'another host'],
    ['http://localhost.evil.example:3103/mf-manifest.json', 'a host under another domain'],
    ['http://127.0.0.1.nip.io:3103/mf-manifest.json', 'a host that resolves to loopback elsewhere'],
    ['http://localhost:3103.evil.example/mf-manifest.json', 'a port that is a host'],
    ['http://evil.example/?http://localhost:3103/mf-manifest.json', 'loopback in a query'],
    // User info: the host is what follows the @.
    ['http://localhost@evil.example/mf-manifest.json', 'user info'],
    ['http://localhost:3103@evil.example/mf-manifest.json', 'user info with a port'],
    ['http://user:pass@localhost:3103/mf-manifest.json', 'user info on loopback'],
    // What a parser reads differently from a person.
    ['http://localhost:3103\\@evil.example/mf-manifest.json', 'a backslash'],
    ['http://localhost%2eevil.example:3103/mf-manifest.json', 'a percent-escape in the host'],
    ['http://localhost:3103/%2e%2e/mf-manifest.json', 'a percent-escape in the path'],
    ['http://localhost:3103/../mf-manifest.json', 'a dot segment'],
    [' http://localhost:3103/mf-manifest.json', 'leading white space'],
    ['http://localhost:3103/mf-manifest.json\n', 'a trailing new line'],
    ['http://local\thost:3103/mf-manifest.json', 'a tab the parser drops'],
    ['http://LOCALHOST:3103/mf-manifest.json', 'another spelling of the host'],
    ['http://localhost.:3103/mf-manifest.json', 'a trailing dot'],
    ['http://0x7f.0.0.1:3103/mf-manifest.json', 'a hexadecimal address'],
    ['http://2130706433:3103/mf-manifest.json', 'a decimal address'],
    ['http://127.1:3103/mf-manifest.json', 'a short address'],
    // Loopback, but not by the name the CSP allows.
    ['http://127.0.0.1:3103/mf-manifest.json', 'loopback by its IPv4 address'],
    ['http://127.0.0.2:3103/mf-manifest.json', 'another IPv4 loopback address'],
    ['http://[::1]:3103/mf-manifest.json', 'IPv6, which no CSP source can name'],
    ['http://[::ffff:127.0.0.1]:3103/mf-manifest.json', 'a mapped IPv6 address'],
    // Not plain HTTP.
    ['https://localhost:3103/mf-manifest.json', 'HTTPS'],
    ['javascript:alert(1)//http://localhost:3103/mf-manifest.json', 'javascript:'],
    ['data:application/json,{}', 'data:'],
    ['//localhost:3103/mf-manifest.json', 'no scheme'],
    ['ws://localhost:3103/mf-manifest.json', 'WebSocket'],
    // Not a manifest, or not a port.
    ['http://localhost:3103/remoteEntry.js', 'an entry (it would skip the version guard)'],
    ['http://localhost:3103/mf-manifest.json?x=1', 'a query'],
    ['http://localhost:3103/mf-manifest.json#x', 'a hash'],
    ['http://localhost/mf-manifest.json', 'no port'],
    ['http://localhost:80/mf-manifest.json', 'the default port, which the parser drops'],
    ['http://localhost:0/mf-manifest.json', 'port 0'],
    ['http://localhost:03103/mf-manifest.json', 'a leading zero'],
    ['http://localhost:65536/mf-manifest.json', 'a port out of range'],
    ['http://localhost:3103', 'no path'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (address) => {
    expect(loopbackManifest(address)).toEqual({ refused: expect.any(String) });
  });

  it('says how to name loopback instead of by its address', () => {
    for (const address of ['http://127.0.0.1:3103/mf-manifest.json', 'http://[::1]:3103/mf-manifest.json']) {
      expect(loopbackManifest(address)).toEqual({ refused: expect.stringContaining('use http://localhost:<port>') });
    }
  });
});

describe('the overrides of this browser', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    localStorage.clear();
    warn.mockRestore();
  });

  it('are read from localStorage only, one key per remote; a refused one is warned about and left out', () => {
    localStorage.setItem(`${OVERRIDE_PREFIX}mfe_x`, LOCAL);
    localStorage.setItem(`${OVERRIDE_PREFIX}mfe_y`, 'http://localhost@evil.example/mf-manifest.json');
    localStorage.setItem(`${OVERRIDE_PREFIX}not a name`, LOCAL);
    localStorage.setItem('portal-devtools', '1');
    expect(localOverrides(localStorage)).toEqual(new Map([['mfe_x', LOCAL]]));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/portal-override:mfe_y refused .*deployed release is used/));
  });

  it('are all cleared by the banner’s button, and nothing else is', () => {
    localStorage.setItem(`${OVERRIDE_PREFIX}mfe_x`, LOCAL);
    localStorage.setItem(`${OVERRIDE_PREFIX}mfe_y`, LOCAL);
    localStorage.setItem('portal-devtools', '1');
    clearLocalOverrides(localStorage);
    expect(localOverrides(localStorage).size).toBe(0);
    expect(localStorage.getItem('portal-devtools')).toBe('1');
  });
});

describe('the swap of a remote’s manifest address', () => {
  const scripts: string[] = [];
  const appendChild = Node.prototype.appendChild;

  beforeEach(() => {
    scripts.length = 0;
    // A script appended to the page is recorded and fails to load: what is asked for is the point.
    jest.spyOn(document.head, 'appendChild').mockImplementation(function (this: HTMLHeadElement, node) {
      const result = appendChild.call(this, node);
      if (node instanceof HTMLScriptElement) {
        scripts.push(node.src);
        setTimeout(() => node.onerror?.(new Event('error')), 0);
      }
      return result as typeof node;
    });
    server.use(
      http.get(RELEASE, () => HttpResponse.json(manifest())),
      http.get(LOCAL, () => HttpResponse.json(manifest())),
    );
  });

  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    delete (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
    delete (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE;
  });

  const preloadLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);

  it("registers the overridden remote with the squad's manifest: entry and chunks come from its address, other remotes from their release", async () => {
    const seen: string[] = [];
    const federation = new HostFederation(providedShared(), [{ name: 'spy', fetch: (url) => void seen.push(url) }]);
    overrideRemotes(federation, new Map([['mfe_x', LOCAL]]));
    federation.registerRemotes([
      { name: 'mfe_x', entry: RELEASE },
      { name: 'mfe_y', entry: 'https://remotes.example/mfe_y/remoteEntry.js' },
    ]);
    await expect(federation.preloadRemote('mfe_x', './routes')).rejects.toThrow(/failed to load/);
    expect(seen).toEqual([LOCAL]);
    expect(scripts).toEqual(['http://localhost:3103/remoteEntry.js']);
    expect(preloadLinks()).toEqual(['http://localhost:3103/routes.1a.js']);
    // Registered again (a release while the tab is open, a retry): still the squad's.
    federation.registerRemotes([{ name: 'mfe_x', entry: RELEASE.replace('/7/', '/8/') }], { force: true });
    await expect(federation.preloadRemote('mfe_x', './routes')).rejects.toThrow();
    expect(seen).toEqual([LOCAL, LOCAL]);
    // The remote without an override is left as its release.
    await expect(federation.preloadRemote('mfe_y', './routes')).rejects.toThrow();
    expect(scripts.at(-1)).toBe('https://remotes.example/mfe_y/remoteEntry.js');
  });

  it("still refuses the squad's build when the version guard would refuse a release", async () => {
    server.use(
      http.get(LOCAL, () => HttpResponse.json(manifest({ shared: [{ name: 'react', singleton: true, requiredVersion: '^18.0.0' }] }))),
    );
    const federation = new HostFederation(providedShared(), [portalVersionGuard()]);
    overrideRemotes(federation, new Map([['mfe_x', LOCAL]]));
    federation.registerRemotes([{ name: 'mfe_x', entry: RELEASE }]);
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow(/react \^18\.0\.0/);
    expect(scripts).toEqual([]);
  });

  it('warns once about an override that names no remote of the list', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const federation = new HostFederation(providedShared(), []);
    overrideRemotes(federation, new Map([['mfe_z', LOCAL]]));
    federation.registerRemotes([{ name: 'mfe_x', entry: RELEASE }]);
    federation.registerRemotes([{ name: 'mfe_x', entry: RELEASE }], { force: true });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no remote mfe_z'));
  });

  it('takes effect with the devtools asked for, and shows its banner; without an override the page has no banner', async () => {
    const create = (plugins: Parameters<typeof withDevtools>[1]) => new HostFederation(providedShared(), plugins);
    localStorage.setItem('portal-devtools', '1');
    expect(devtoolsAsked()).toBe(true);
    withDevtools(create, [], remoteEntryUrl).registerRemotes([{ name: 'mfe_x', entry: RELEASE }]);
    expect(document.querySelector('section')).toBeNull();

    localStorage.setItem(`${OVERRIDE_PREFIX}mfe_x`, LOCAL);
    const federation = withDevtools(create, [], remoteEntryUrl);
    federation.registerRemotes([{ name: 'mfe_x', entry: RELEASE }]);
    await expect(federation.preloadRemote('mfe_x', './routes')).rejects.toThrow();
    expect(scripts).toEqual(['http://localhost:3103/remoteEntry.js']);
    const banner = document.querySelector(`section[aria-label="${BANNER_LABEL}"]`);
    expect(banner?.textContent).toContain('Remota local: mfe_x ← http://localhost:3103');
    expect(banner?.querySelector('button')?.textContent).toBe(CLEAR_LABEL);
  });
});

describe('the banner', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('names each local remote and its origin, first in the page, with a labelled button that clears', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const clear = jest.fn();
    const overrides = new Map([
      ['mfe_x', LOCAL],
      ['mfe_y', 'http://localhost:4100/dist/mf-manifest.json'],
    ]);
    showOverrideBanner(document, overrides, clear);
    // Shown again (a second runtime in the tab): still one banner.
    const banner = showOverrideBanner(document, overrides, clear);
    expect(document.querySelectorAll('section')).toHaveLength(1);
    expect(document.body.firstElementChild).toBe(banner);
    expect([...banner.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Remota local: mfe_x ← http://localhost:3103',
      'Remota local: mfe_y ← http://localhost:4100',
    ]);
    const button = banner.querySelector('button');
    expect(button?.type).toBe('button');
    button?.click();
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
