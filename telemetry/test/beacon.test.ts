import { REMOTES } from '../../build-preset/apps.cjs';
import { MAX_BEACON_BYTES, scrubMessage, validateBeacon } from '../src/beacon';
import { PortalReleases, RECENT_RELEASES } from '../src/portal';
import { OTHER_ROUTE, RouteTable } from '../src/routes';

// The remote under test and its first route prefix, from apps.json.
const remote = REMOTES[0] as (typeof REMOTES)[number];
const prefix = remote.prefixes[0] as string;
/** A route the remote's table declares, with no parameter (`/notifications/list`). */
const ROUTE = new RouteTable().routesOf(remote.name).find((route) => route.startsWith(`${prefix}/`) && !route.includes(':')) as string;
const manifest = (release: string) => `https://remote.example/releases/${release}/mf-manifest.json`;

function portal(): PortalReleases {
  const releases = new PortalReleases();
  releases.update([{ name: remote.name, manifest: manifest('r-live'), canary: { manifest: manifest('r-canary'), percent: 10 } }]);
  return releases;
}

const beacon = (extra: Record<string, unknown> = {}) => ({
  kind: 'load',
  remote: remote.name,
  version: 'r-live',
  cohort: 'live',
  route: ROUTE,
  at: 1_764_000_000_000,
  ...extra,
});
const check = (body: unknown) => validateBeacon(typeof body === 'string' ? body : JSON.stringify(body), portal());
const reasonOf = (body: unknown) => {
  const result = check(body);
  return result.ok ? 'accepted' : result.reason;
};

describe('the receiver’s validation of a beacon', () => {
  it('accepts what the portal’s pages send: a load, an error with its message, a vital', () => {
    expect(check(beacon())).toEqual({
      ok: true,
      event: { kind: 'load', remote: remote.name, release: 'r-live', cohort: 'live', route: ROUTE },
    });
    expect(check(beacon({ kind: 'error', version: 'r-canary', cohort: 'canary', message: 'TypeError: x is undefined' }))).toEqual({
      ok: true,
      event: {
        kind: 'error',
        remote: remote.name,
        release: 'r-canary',
        cohort: 'canary',
        route: ROUTE,
        message: 'TypeError: * is undefined',
      },
    });
    expect(check(beacon({ kind: 'vital', metric: 'LCP', value: 1234.5 }))).toMatchObject({
      ok: true,
      event: { metric: 'LCP', value: 1234.5 },
    });
    // The host's own pages, unversioned (npm start) and at a parameter of a route.
    expect(reasonOf(beacon({ remote: 'host', version: 'unversioned', route: '/App' }))).toBe('accepted');
    expect(reasonOf(beacon({ route: `${ROUTE}/` }))).toBe('accepted');
  });

  it.each([
    ['kind', { kind: 'click' }],
    ['kind missing', { kind: undefined }],
    ['remote not a string', { remote: 7 }],
    ['version with a slash', { version: '../r-live' }],
    ['version too long', { version: 'r'.repeat(65) }],
    ['cohort', { cohort: 'beta' }],
    ['route not a string', { route: ['/'] }],
    ['message too long', { kind: 'error', message: 'x'.repeat(201) }],
    ['message on a load', { message: 'Error' }],
    ['metric unknown', { kind: 'vital', metric: 'FID', value: 1 }],
    ['vital without a value', { kind: 'vital', metric: 'LCP' }],
    ['value without a metric', { kind: 'vital', value: 3 }],
    ['value on a load', { metric: 'LCP', value: 3 }],
    ['negative value', { kind: 'vital', metric: 'LCP', value: -1 }],
    ['value as text', { kind: 'vital', metric: 'LCP', value: '1200' }],
    ['value past the bound', { kind: 'vital', metric: 'INP', value: 600_001 }],
    ['at missing', { at: undefined }],
    ['at not a number', { at: 'now' }],
    ['an unknown field', { token: 'demo-token' }],
    ['an extra field', { driverId: '3f6c2d1e' }],
  ])('refuses a beacon with %s', (_case, change) => {
    expect(reasonOf(beacon(change))).toBe('schema');
  });

  it('refuses what is not JSON, or not an object', () => {
    expect(reasonOf('kind=load')).toBe('not-json');
    expect(reasonOf('"load"')).toBe('schema');
    expect(reasonOf('null')).toBe('schema');
    expect(reasonOf('[]')).toBe('schema');
  });

  it('refuses a remote apps.json does not list, and a release the remote list has not named', () => {
    expect(reasonOf(beacon({ remote: 'mfe_forged' }))).toBe('unknown-remote');
    expect(reasonOf(beacon({ version: 'r-forged' }))).toBe('unknown-release');
    // Another remote's release is not this remote's.
    const other = REMOTES[1];
    if (other) expect(reasonOf(beacon({ remote: other.name, route: `${other.prefixes[0]}/`, version: 'r-live' }))).toBe('unknown-release');
  });

  it('keeps the last releases the list named (an open tab keeps its release), at most RECENT_RELEASES per remote', () => {
    const releases = portal();
    for (let index = 0; index < RECENT_RELEASES; index += 1) releases.update([{ name: remote.name, manifest: manifest(`r-${index}`) }]);
    expect(releases.knowsRelease(remote.name, `r-${RECENT_RELEASES - 1}`)).toBe(true);
    expect(releases.knowsRelease(remote.name, 'r-0')).toBe(true);
    expect(releases.knowsRelease(remote.name, 'r-live')).toBe(false);
    expect(releases.knowsRelease(remote.name, 'unversioned')).toBe(true);
  });

  it.each([
    ['an address with a value', `${ROUTE}/52998224725`],
    ['a CPF as a segment', `${prefix}/529.982.247-25`],
    ['another remote’s prefix', '/not-a-prefix/list'],
    ['too deep', `${prefix}/a/b/c/d/e/f`],
    ['an e-mail', `${prefix}/joao@example.com`],
    ['a name', '/Maria_Aparecida_dos_Santos'],
    ['a prefix only as the start of a word', `${prefix}x/list`],
  ])('counts a route no table declares as `other`, never as its text: %s', (_case, route) => {
    expect(check(beacon({ route }))).toMatchObject({ ok: true, event: { route: OTHER_ROUTE } });
  });

  it('never keeps a query string or a fragment of a route', () => {
    const result = check(beacon({ route: `${ROUTE}?token=demo-token#x` }));
    expect(result).toMatchObject({ ok: true, event: { route: ROUTE } });
  });

  it('refuses a route that is no path', () => {
    expect(reasonOf(beacon({ route: `${prefix.slice(1)}/list` }))).toBe('route');
    expect(reasonOf(beacon({ route: '' }))).toBe('route');
  });

  it('the size limit is a beacon with room to spare, well below what a forged body would need', () => {
    const largest = JSON.stringify(beacon({ kind: 'error', message: 'x'.repeat(200), route: `${prefix}/${'a'.repeat(39)}/:driverId/` }));
    expect(largest.length).toBeLessThan(MAX_BEACON_BYTES / 2);
  });

  describe('a driver’s data in a message', () => {
    it.each([
      ['the session token (a JWT)', 'Error: bad eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc failed', 'eyJ'],
      ['a bearer token', 'Error: Bearer demo-token rejected', 'demo-token'],
      ['a long id', 'Error: session 8f14e45fceea167a5a36dedd4bea2543 expired', '8f14e45f'],
      ['a CPF', 'Error: CPF 529.982.247-25 inválido', '529'],
      ['a CPF without dots', 'Error: 52998224725 not found', '5299'],
      ['an e-mail', 'Error: joao.silva@example.com unknown', 'example.com'],
      ['a quoted value', 'Error: invalid value "João"', 'João'],
      ['a name', 'Error: driver João da Silva not found', 'Silva'],
      ['a phone', 'Error: call (11) 98765-4321', '98765'],
      ['a lower-case name', 'Error: maria aparecida dos santos not found', 'maria'],
      ['a street', 'Error: rua das flores, apto. b not found', 'flores'],
      ['a street, capitalised', 'Error: Avenida Paulista failed', 'Paulista'],
      ['a name as the class', 'Joao: failed', 'Joao'],
      ['an e-mail in the route of a word', 'Error: joao.silva-gmail.com unknown', 'silva'],
      ['an accented name', 'Error: não achei josé', 'josé'],
    ])('scrubs %s', (_case, message, secret) => {
      const result = check(beacon({ kind: 'error', message }));
      expect(result.ok).toBe(true);
      const kept = result.ok ? (result.event.message ?? '') : '';
      expect(kept).not.toContain(secret);
      // What is not a driver's stays readable.
      expect(kept.startsWith('Error:')).toBe(true);
    });

    it('leaves an ordinary error message as it is', () => {
      expect(scrubMessage('TypeError: Cannot read properties of undefined (reading "…")')).toBe(
        'TypeError: Cannot read properties of undefined (reading "…")',
      );
      expect(scrubMessage('ChunkLoadError: Loading chunk # failed')).toBe('ChunkLoadError: Loading chunk # failed');
      expect(scrubMessage('TypeError: Failed to fetch')).toBe('TypeError: Failed to fetch');
      expect(scrubMessage('Error: [token] rejected for [email]')).toBe('Error: [token] rejected for [email]');
    });

    it('reduces every other word to `*`, a run of them to one, and keeps only plain punctuation', () => {
      expect(scrubMessage('Error: maria aparecida dos santos, rua das flores 123 not found')).toBe('Error: *, * # not found');
      expect(scrubMessage('TypeError: x.y is not a function')).toBe('TypeError: *.* is not a function');
      expect(scrubMessage('MyOwnError: <img src=x onerror=alert(1)> 😀 done')).toBe('Error: <*=*=*(#)> *');
      expect(scrubMessage('no class here at all Fulano')).toBe('no * at *');
    });
  });
});
