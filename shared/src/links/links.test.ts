import { isNavigationEntry, navigationEntryProblem, portalPath, safeExternalUrl, serverLinkTarget } from '.';

describe('links from a server', () => {
  it('opens only absolute http(s) addresses from a server as outside links', () => {
    expect(safeExternalUrl(' https://provedor.com.br/termos ')).toBe('https://provedor.com.br/termos');
    expect(safeExternalUrl('http://localhost:4000/static/terms-0.html')).toBe('http://localhost:4000/static/terms-0.html');
    for (const unsafe of ['javascript:alert(1)', 'data:text/html,x', '/relativo', '//host/x', '', null, 42]) {
      expect(safeExternalUrl(unsafe)).toBeUndefined();
    }
  });
});

describe("a server's link never brings a token into the portal", () => {
  it('drops `token` (any case, any spelling) from a link to any host name: the portal answers on several', () => {
    expect(safeExternalUrl('http://localhost:3000/App?token=attacker&driverId=9')).toBe('http://localhost:3000/App?driverId=9');
    expect(safeExternalUrl('http://127.0.0.1:3000/App?token=attacker&driverId=9')).toBe('http://127.0.0.1:3000/App?driverId=9');
    expect(safeExternalUrl('http://LOCALHOST.:3003/policies/x?TOKEN=attacker')).toBe('http://localhost.:3003/policies/x');
    expect(safeExternalUrl('http://portal.example/App?%74oken=attacker')).toBe('http://portal.example/App');
    expect(serverLinkTarget('http://127.0.0.1:3000/App?token=attacker')).toEqual({ kind: 'external', href: 'http://127.0.0.1:3000/App' });
    expect(serverLinkTarget('/App?token=attacker&x=1')).toEqual({ kind: 'internal', to: '/App?x=1' });
  });

  it("keeps another host's other parameters (a document's signed address)", () => {
    expect(safeExternalUrl('https://seguradora.example/apolice.pdf?X-Amz-Signature=abc&sig=1')).toBe(
      'https://seguradora.example/apolice.pdf?X-Amz-Signature=abc&sig=1',
    );
  });
});

describe('portalPath: links into another part of the portal', () => {
  it('fills every placeholder, each value encoded as one segment', () => {
    expect(portalPath('/communication/category/:driverId', { driverId: 'abc-1' })).toBe('/communication/category/abc-1');
    expect(portalPath('/communication/list/:categoryId/:categoryTitle', { categoryId: 7, categoryTitle: 'Avisos gerais' })).toBe(
      '/communication/list/7/Avisos%20gerais',
    );
    expect(portalPath('/App')).toBe('/App');
  });

  it('a value cannot change the path, the query or the fragment', () => {
    const path = portalPath('/eula/:driverId', { driverId: '../../Sair?token=x#y' });
    expect(path).toBe('/eula/..%2F..%2FSair%3Ftoken%3Dx%23y');
    // What the browser makes of it: still one segment under /eula, no query, no fragment.
    const url = new URL(path, 'https://portal.example');
    expect(url.pathname).toBe('/eula/..%2F..%2FSair%3Ftoken%3Dx%23y');
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    expect(decodeURIComponent(url.pathname.split('/')[2] ?? '')).toBe('../../Sair?token=x#y');
  });

  it('refuses values no URL can carry as a segment (empty, "." and "..")', () => {
    for (const driverId of ['', '.', '..']) {
      expect(() => portalPath('/eula/:driverId', { driverId })).toThrow(/driverId/);
    }
  });

  it('a missing parameter is a type error, and throws for patterns known only at run time', () => {
    // @ts-expect-error -- driverId is required by the pattern
    expect(() => portalPath('/eula/:driverId', {})).toThrow('missing parameter "driverId"');
    // @ts-expect-error -- the pattern has placeholders: parameters are required
    expect(() => portalPath('/eula/:driverId')).toThrow('missing parameter "driverId"');
    // @ts-expect-error -- a name the pattern does not have
    portalPath('/eula/:driverId', { driverId: 'a', other: 'b' });
    const runtimePattern: string = '/car-insurance/init/:driverId';
    expect(() => portalPath(runtimePattern)).toThrow('missing parameter "driverId"');
  });

  it('the name of a placeholder ends at "/", "?" or "#"', () => {
    expect(portalPath('/communication/category/:driverId?showHeader=true', { driverId: 'a b' })).toBe(
      '/communication/category/a%20b?showHeader=true',
    );
  });
});

describe('navigation entries of a remote', () => {
  const valid = { label: 'Termos e políticas', path: '/eula/:driverId', group: 'Minha conta', needsDriverId: true };

  it('accepts a well-formed entry', () => {
    expect(isNavigationEntry(valid)).toBe(true);
    expect(isNavigationEntry({ label: 'Depósitos', path: '/deposits/list', group: 'Autoatendimento', needsDriverId: false })).toBe(true);
    // A section the platform never heard of, with its place on the home: the remote's data.
    expect(isNavigationEntry({ ...valid, group: 'Recompensas', groupOrder: 0 })).toBe(true);
    expect(isNavigationEntry({ ...valid, group: 'Recompensas', groupOrder: 999 })).toBe(true);
  });

  it.each([
    ['no label', { ...valid, label: ' ' }],
    ['a protocol-relative path', { ...valid, path: '//evil.example/x' }],
    ['an absolute URL', { ...valid, path: 'https://evil.example/' }],
    ['a group that is not a title', { ...valid, group: 42 }],
    ['an empty group', { ...valid, group: '  ' }],
    ['a group too long for a heading', { ...valid, group: 'x'.repeat(41) }],
    ['an order hint that is not a whole number', { ...valid, groupOrder: 1.5 }],
    ['an order hint out of range', { ...valid, groupOrder: 1000 }],
    ['an order hint given as text', { ...valid, groupOrder: '10' }],
    ['a placeholder the host cannot fill', { ...valid, path: '/eula/:driverId/:other' }],
    ['needsDriverId without :driverId', { ...valid, path: '/eula/x' }],
    [':driverId without needsDriverId', { ...valid, needsDriverId: false }],
    ['not an object', 'x'],
  ])('drops %s', (_case, entry) => {
    expect(isNavigationEntry(entry)).toBe(false);
  });

  it.each([
    [{ ...valid, group: undefined }, "group must be the home section's title"],
    [{ ...valid, groupOrder: -3 }, 'groupOrder, when given, must be a whole number from 0 to 999'],
    [{ ...valid, label: '' }, 'label must be a non-empty text'],
    [{ ...valid, needsDriverId: 'sim' }, 'needsDriverId must be true or false'],
    [{ ...valid, path: '/eula/:driverId/:other' }, 'path may hold no placeholder but :driverId (found :other)'],
  ])('says which field is wrong and why: %j', (entry, message) => {
    expect(navigationEntryProblem(entry)).toContain(message);
  });
});

describe('serverLinkTarget: where a link from server content may lead', () => {
  const PAGE = 'http://localhost:3000';

  it.each([
    ['/\\evil.example/x'],
    ['/\t/evil.example/x'],
    ['/\n/evil.example/x'],
    ['//evil.example/x'],
    ['\\\\evil.example/x'],
    ['/\\/evil.example'],
  ])('%j leaves the portal, so it is not an in-portal link (and not followed)', (value) => {
    expect(serverLinkTarget(value, PAGE)).toBeUndefined();
  });

  it('an in-portal path stays one, normalised, with its query and fragment', () => {
    expect(serverLinkTarget('/register/next-steps/?a=1#x', PAGE)).toEqual({ kind: 'internal', to: '/register/next-steps/?a=1#x' });
    expect(serverLinkTarget('/a/../notifications/list/', PAGE)).toEqual({ kind: 'internal', to: '/notifications/list/' });
  });

  it.each([
    ['/..//127.0.0.1:5000/grab.html'],
    ['/.%2e//evil.example/x'],
    ['/%2E%2E/%2F/evil.example'],
    ['/a/../..//evil.example'],
    ['/..\\/evil.example'],
  ])('%j resolves to another host, so it is no link at all', (value) => {
    expect(serverLinkTarget(value, PAGE)).toBeUndefined();
  });

  it('never carries a token into the portal', () => {
    expect(serverLinkTarget('/password/change?token=attacker&x=1&Token=2', PAGE)).toEqual({ kind: 'internal', to: '/password/change?x=1' });
  });

  it('an http(s) page elsewhere opens outside; javascript:, data: and garbage are no link', () => {
    expect(serverLinkTarget('https://example.com/a', PAGE)).toEqual({ kind: 'external', href: 'https://example.com/a' });
    for (const value of ['javascript:alert(1)', 'data:text/html,x', 'notaurl', '', null, 42])
      expect(serverLinkTarget(value, PAGE)).toBeUndefined();
  });
});
