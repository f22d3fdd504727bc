/*
 * Property-based: whatever a return address or a server's link is made of (dot segments, their
 * encodings, backslashes, encoded slashes, tabs, mixed case, schemes), what the platform's one
 * check lets through stays on an allowed origin, and its path cannot be read as another host's.
 */
import fc from 'fast-check';
import { pathOf, resolvedPortalAddress, serverLinkTarget, withoutPortalToken } from '.';

const BASE = 'http://localhost:3002';
const ORIGINS = [BASE, 'http://localhost:3000'];

/** Random upper/lower case, as an attacker would vary it. */
const mixedCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) => [...text].map((char, index) => (flips[index] ? char.toUpperCase() : char.toLowerCase())).join(''));

const piece = fc.constantFrom(
  '',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2E',
  '%252e%252e',
  'evil.example',
  '127.0.0.1:5000',
  'grab.html',
  'App',
  'register',
);
const separator = fc.constantFrom('/', '\\', '%2f', '%2F', '%5c', '%5C', '%252f', '\t', '\n', '//', '/\\', '\\/');
const scheme = fc.constantFrom(
  '',
  '',
  '',
  'http:',
  'http://localhost:3002',
  'http://localhost:3000',
  'http://evil.example',
  'https:',
  '//',
  '/\\',
  'javascript:',
);

const hostileAddress = fc
  .tuple(
    scheme,
    fc.array(fc.tuple(separator, piece), { minLength: 1, maxLength: 6 }),
    fc.constantFrom('', '?a=1', '#x', '?returnTo=//evil.example'),
  )
  .chain(([prefix, parts, suffix]) => mixedCase(`${prefix}${parts.map(([sep, part]) => sep + part).join('')}${suffix}`));

const leadsAway = (path: string) => /^[/\\]{2}/.test(path) || /^[/\\]{2}/.test(decodeURIComponent(decodeURIComponent(path)));

describe('resolvedPortalAddress: checked after it is resolved', () => {
  it('anything it accepts is on an allowed origin and stays there when followed as a path', () => {
    fc.assert(
      fc.property(hostileAddress, (value) => {
        const url = resolvedPortalAddress(value, { base: BASE, origins: ORIGINS });
        if (!url) return;
        expect(ORIGINS).toContain(url.origin);
        expect(leadsAway(url.pathname)).toBe(false);
        // What the router or an href does with the path: resolved again against the page.
        expect(new URL(pathOf(url), BASE).origin).toBe(BASE);
        expect(new URL(url.href).origin).toBe(url.origin);
      }),
      { numRuns: 3000 },
    );
  });

  it("a server's in-portal link never resolves off the page's origin", () => {
    fc.assert(
      fc.property(hostileAddress, (value) => {
        const target = serverLinkTarget(value, BASE);
        if (target?.kind !== 'internal') return;
        expect(leadsAway(target.to)).toBe(false);
        expect(new URL(target.to, BASE).origin).toBe(BASE);
      }),
      { numRuns: 3000 },
    );
  });

  it('plain paths of the portal are accepted as they are', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}?x=1`;
        const url = resolvedPortalAddress(path, { base: BASE, origins: ORIGINS });
        expect(url && pathOf(url)).toBe(path);
      }),
    );
  });

  it.each([
    ['/..//127.0.0.1:5000/grab.html'],
    ['/%2e%2e//127.0.0.1:5000/grab.html'],
    ['/.%2E//evil.example'],
    ['/x/../..//evil.example'],
    ['/..\\/evil.example'],
    ['/%2F/evil.example'],
    ['/%5Cevil.example'],
    ['HTTP://EVIL.example/App'],
    ['http://localhost:3001/App'],
  ])('%j is refused', (value) => {
    expect(resolvedPortalAddress(value, { base: BASE, origins: ORIGINS })).toBeUndefined();
  });
});

describe('withoutPortalToken: no link the portal did not build carries a token', () => {
  it('whatever host name, however the name `token` is spelled', () => {
    const spelling = fc.constantFrom('token', 'Token', 'TOKEN', '%74oken', 't%6Fken', '%54%4F%4B%45%4E');
    const host = fc.constantFrom('localhost:3000', '127.0.0.1:3000', 'LOCALHOST.:3000', '[::1]:3000', 'portal.example', 'evil.example');
    fc.assert(
      fc.property(host, spelling, fc.string(), (name, param, value) => {
        const url = withoutPortalToken(new URL(`http://${name}/App?${param}=${encodeURIComponent(value)}&driverId=9`));
        expect([...url.searchParams.keys()].map((key) => key.toLowerCase())).not.toContain('token');
        expect(url.searchParams.get('driverId')).toBe('9');
      }),
    );
  });
});
