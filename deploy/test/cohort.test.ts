import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import portalCohort from '../nginx/portal-cohort.mjs';
import { pageCohort } from '../../scripts/page-cohort.mjs';

// Issue 30, point 5: the canary cohort comes from the driver the provider's token check names,
// kept in a cookie the server signs (docs/security.md, "Canary cohorts"); the one script nginx
// (njs) and `npm start` both run.

const SECRET = 'a-secret-of-the-deployment-0123456789';
const NOW = Date.UTC(2026, 10, 26, 15, 0, 0);
const HOUR = 60 * 60 * 1000;
const ids = Array.from({ length: 10_000 }, (_, index) => `driver-${index}-${(index * 7919).toString(36)}`);
const { cohortOfDriver, signedCohort, verifiedCohort } = portalCohort;

/** What njs hands a js_set or js_content function: the parts these read. */
interface FakeRequest {
  uri: string;
  variables: Record<string, string | undefined>;
  subrequest?: (uri: string, options: object) => Promise<{ status: number; headersOut: Record<string, string> }>;
  headersOut?: Record<string, string>;
  return?: (status: number, body: unknown) => void;
}
type Handlers = {
  cohort(r: FakeRequest): string;
  release(r: FakeRequest): string;
  setCookie(r: FakeRequest): string;
  setProofCookie(r: FakeRequest): string;
  proof(r: FakeRequest): string;
  entry(r: FakeRequest): void;
};
const njs = portalCohort as unknown as Handlers;

describe('the cohort of a driver', () => {
  it("hashes the driver id as nginx's split_clients did (MurmurHash2, seed 0, 100 parts of 1 % in order)", () => {
    // Reference values from a separate implementation of ngx_murmur_hash2 (every tail length).
    expect(portalCohort.murmurHash2('')).toBe(0);
    expect(portalCohort.murmurHash2('a')).toBe(2456313694);
    expect(portalCohort.murmurHash2('abcd')).toBe(646393889);
    expect(portalCohort.murmurHash2('3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f')).toBe(1052949859);
    const span = Math.floor((100 * 0xffffffff) / 10000);
    for (const id of ids.slice(0, 2000)) {
      const index = Math.min(Math.floor(portalCohort.murmurHash2(id) / span), 99);
      expect(cohortOfDriver(id)).toBe(`c${String(index).padStart(2, '0')}`);
    }
  });

  it('spreads drivers over the 100 cohorts, the same one every time, whatever the case of the id', () => {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(cohortOfDriver(id), (counts.get(cohortOfDriver(id)) ?? 0) + 1);
    expect(counts.size).toBe(100);
    for (const count of counts.values()) expect(count).toBeGreaterThan(50);
    const inTen = ids.filter((id) => cohortOfDriver(id) < 'c10').length / ids.length;
    expect(inTen).toBeGreaterThan(0.09);
    expect(inTen).toBeLessThan(0.11);
    expect(cohortOfDriver('3F6C2D1E-8A4B-4C9D-9E2F-1A2B3C4D5E6F')).toBe(cohortOfDriver('3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f'));
  });

  it('is no cohort for anything the token check cannot have named', () => {
    for (const value of ['', 'a|b', 'a.b', 'x'.repeat(65), 'motorista canário', undefined, null, 42])
      expect(cohortOfDriver(value)).toBe('');
  });
});

describe('the signed cohort cookie', () => {
  it('holds the cohort, an expiry and a signature; never the driver', () => {
    const value = signedCohort('c17', SECRET, NOW);
    expect(value).toMatch(/^c17\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifiedCohort(value, SECRET, NOW)).toBe('c17');
    expect(verifiedCohort(value, SECRET, NOW + 11 * HOUR)).toBe('c17');
  });

  it('chooses nothing when forged, unsigned, altered, expired or signed with another secret', () => {
    const value = signedCohort('c17', SECRET, NOW);
    const [, expires, signature] = value.split('.');
    const forged = [
      'c00', // a cohort the page wrote
      'c00.9999999999', // no signature
      `c00.${expires}.${signature}`, // another cohort under c17's signature
      `c17.${Number(expires) + 3600}.${signature}`, // a later expiry
      `c17.${expires}.${(signature ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, // one character of the signature
      signedCohort('c00', 'another-deployment-secret-000000', NOW), // another secret
      ` ${value}`,
      `${value};c00`,
      '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f', // a driver id
      '',
    ];
    for (const cookie of forged) expect(verifiedCohort(cookie, SECRET, NOW)).toBe('');
    // Expired after a shift.
    expect(verifiedCohort(value, SECRET, NOW + 12 * HOUR + 1000)).toBe('');
  });

  it('is never made or accepted without a usable secret (no cohort: the live release)', () => {
    for (const secret of [undefined, '', 'short']) {
      expect(signedCohort('c17', secret, NOW)).toBe('');
      expect(verifiedCohort(signedCohort('c17', SECRET, NOW), secret, NOW)).toBe('');
    }
    expect(signedCohort('17', SECRET, NOW)).toBe('');
  });

  it('is host-only, HttpOnly and SameSite=Strict; a refused token clears it', () => {
    const cookie = portalCohort.entryCookie('c17', SECRET, NOW);
    expect(cookie).toMatch(/^portal_cohort=c17\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(portalCohort.entryCookie('', SECRET, NOW)).toBe('portal_cohort=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it("reads the entry's token however spelled, and only a plain one", () => {
    expect(portalCohort.entryToken('?token=driver-token-1&driverId=x')).toBe('driver-token-1');
    expect(portalCohort.entryToken('driverId=x&TOKEN=abc.def_ghi')).toBe('abc.def_ghi');
    expect(portalCohort.entryToken('%74oken=abc')).toBe('abc');
    expect(portalCohort.entryToken('driverId=x')).toBe('');
    expect(portalCohort.entryToken('token=a%0D%0AX-Portal-Token-Driver:%20b')).toBe('');
    expect(portalCohort.entryToken('token=%E0%A4%A')).toBe('');
    expect(portalCohort.cookieOf('a=1; portal_cohort=c17.1.x; b=2', 'portal_cohort')).toBe('c17.1.x');
    expect(portalCohort.cookieOf(undefined, 'portal_cohort')).toBe('');
    // Two of that name (one planted with a longer path, sent first): neither.
    expect(portalCohort.cookieOf('portal_cohort=c95.1.x; a=1; portal_cohort=c24.1.y', 'portal_cohort')).toBe('');
    expect(portalCohort.cookieOf('xportal_cohort=c95.1.x; portal_cohort=c24.1.y', 'portal_cohort')).toBe('c24.1.y');
  });
});

describe('the driver proof cookie (issue 45, item 1: what field telemetry counts beacons by)', () => {
  const driver = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
  const { signedDriverProof, verifiedDriverKey, driverKey } = portalCohort;

  it('holds a pseudonymous driver key, the expiry and a MAC; never the driver id', () => {
    const value = signedDriverProof(driver, SECRET, NOW);
    expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(value).not.toContain(driver);
    expect(value).not.toContain(driver.replace(/-/g, ''));
    const [key, expires] = value.split('.');
    expect(key).toBe(driverKey(driver, SECRET));
    // The cohort cookie's expiry: a shift, whatever the release.
    expect(Number(expires)).toBe(Math.floor(NOW / 1000) + portalCohort.COOKIE_LIFETIME_SECONDS);
    expect(verifiedDriverKey(value, SECRET, NOW + 11 * HOUR)).toBe(key);
    expect(verifiedDriverKey(value, SECRET, NOW + 12 * HOUR + 1000)).toBe('');
    // One key per driver, whatever the case of the id; another driver, another key; another deployment, another key.
    expect(driverKey(driver.toUpperCase(), SECRET)).toBe(key);
    expect(new Set(ids.slice(0, 2000).map((id) => driverKey(id, SECRET))).size).toBe(2000);
    expect(driverKey(driver, 'another-deployment-secret-000000')).not.toBe(key);
    // Its MAC is not the cohort cookie's: one cookie's value never passes for the other.
    expect(verifiedCohort(value, SECRET, NOW)).toBe('');
    expect(verifiedDriverKey(signedCohort('c17', SECRET, NOW), SECRET, NOW)).toBe('');
  });

  it('is no proof when forged, altered, expired, signed with another secret, or without a driver or a usable secret', () => {
    const value = signedDriverProof(driver, SECRET, NOW);
    const [key = '', expires = '', mac = ''] = value.split('.');
    const flip = (text: string) => text.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));
    for (const forged of [
      `${flip(key)}.${expires}.${mac}`,
      `${key}.${Number(expires) + 3600}.${mac}`,
      `${key}.${expires}.${flip(mac)}`,
      `${driverKey('another-driver', SECRET)}.${expires}.${mac}`,
      signedDriverProof(driver, 'another-deployment-secret-000000', NOW),
      `${key}.${expires}`,
      ` ${value}`,
      driver,
      '',
    ])
      expect(verifiedDriverKey(forged, SECRET, NOW)).toBe('');
    for (const secret of [undefined, '', 'short']) {
      expect(signedDriverProof(driver, secret, NOW)).toBe('');
      expect(verifiedDriverKey(value, secret, NOW)).toBe('');
    }
    for (const id of ['', 'a|b', 'a.b', 'x'.repeat(65), undefined, 42]) expect(signedDriverProof(id, SECRET, NOW)).toBe('');
  });

  it('is host-only, HttpOnly and SameSite=Strict like the cohort cookie (`__Host-` over HTTPS); a refused token clears it', () => {
    expect(portalCohort.entryProofCookie(driver, SECRET, NOW)).toMatch(
      /^portal_driver=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(portalCohort.entryProofCookie(driver, SECRET, NOW, true)).toMatch(
      /^__Host-portal_driver=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(portalCohort.entryProofCookie('', SECRET, NOW)).toBe('portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    expect(portalCohort.entryProofCookie(driver, 'short', NOW)).toBe('portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('is what the telemetry path forwards: the one proof cookie of the scheme, as sent, and nothing else of the Cookie header', () => {
    const value = signedDriverProof(driver, SECRET, NOW);
    const cohortCookie = `portal_cohort=${signedCohort('c17', SECRET, NOW)}`;
    expect(portalCohort.requestProof(`${cohortCookie}; portal_driver=${value}; other=1`)).toBe(value);
    expect(portalCohort.requestProof(cohortCookie)).toBe('');
    expect(portalCohort.requestProof(undefined)).toBe('');
    // Two of that name (one planted with a longer path): neither.
    expect(portalCohort.requestProof(`portal_driver=${value}; portal_driver=${value}`)).toBe('');
    // Not of a proof's shape: nothing (the header carries no cookie text to the receiver).
    expect(portalCohort.requestProof('portal_driver=a%0D%0AX-Real-IP:1.2.3.4')).toBe('');
    // Over HTTPS only the __Host- name.
    expect(portalCohort.requestProof(`portal_driver=${value}`, true)).toBe('');
    expect(portalCohort.requestProof(`__Host-portal_driver=${value}`, true)).toBe(value);
  });
});

describe('an entry of the same driver again (the repeat open of a deep link)', () => {
  const driver = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
  const other = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
  const { keepsCookies, signedDriverProof } = portalCohort;
  const cohort = cohortOfDriver(driver);
  const held = (at: number, proofOf = driver, cohortHeld = cohort) =>
    `portal_cohort=${signedCohort(cohortHeld, SECRET, at)}; portal_driver=${signedDriverProof(proofOf, SECRET, at)}`;

  it('sets nothing anew while both cookies name that cohort and driver for half a shift more', () => {
    expect(keepsCookies(held(NOW), cohort, driver, SECRET, NOW + HOUR)).toBe(true);
    expect(keepsCookies(held(NOW), cohort, driver.toUpperCase(), SECRET, NOW + 5 * HOUR)).toBe(true);
  });

  it('sets both anew for another driver, a cookie near its end, one missing, a forged or a foreign one', () => {
    expect(keepsCookies(held(NOW), cohortOfDriver(other), other, SECRET, NOW)).toBe(false);
    expect(keepsCookies(held(NOW, other), cohort, driver, SECRET, NOW)).toBe(false);
    expect(keepsCookies(held(NOW), cohort, driver, SECRET, NOW + 7 * HOUR)).toBe(false);
    expect(keepsCookies(`portal_cohort=${signedCohort(cohort, SECRET, NOW)}`, cohort, driver, SECRET, NOW)).toBe(false);
    expect(keepsCookies(`portal_driver=${signedDriverProof(driver, SECRET, NOW)}`, cohort, driver, SECRET, NOW)).toBe(false);
    expect(
      keepsCookies(
        held(NOW).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
        cohort,
        driver,
        SECRET,
        NOW,
      ),
    ).toBe(false);
    expect(keepsCookies(held(NOW), cohort, driver, `${SECRET}-other`, NOW)).toBe(false);
    expect(keepsCookies(held(NOW), '', '', SECRET, NOW)).toBe(false);
  });
});

describe("nginx's handlers (njs)", () => {
  const appRoot = mkdtempSync(join(tmpdir(), 'portal-cohort-'));
  mkdirSync(join(appRoot, 'releases', 'canary-1'), { recursive: true });
  mkdirSync(join(appRoot, 'canary'));
  symlinkSync(join('..', 'releases', 'canary-1'), join(appRoot, 'canary', 'c03'));
  writeFileSync(join(appRoot, 'releases', 'canary-1', 'index.html'), '<!doctype html><title>canary</title>');
  writeFileSync(join(appRoot, 'releases', 'canary-1', 'signout.html'), '<!doctype html><title>sign-out</title>');
  const request = (variables: Record<string, string>, uri = '/notifications/list/'): FakeRequest => ({
    uri,
    variables: { portal_cohort_secret: SECRET, portal_app_root: appRoot, ...variables },
  });
  const cookieOf = (cohort: string) => signedCohort(cohort, SECRET, Date.now());

  it('serve a page from the canary only for a signed cohort that release:remote linked', () => {
    expect(njs.release(request({ http_cookie: `portal_cohort=${cookieOf('c03')}` }))).toBe('canary/c03');
    expect(njs.release(request({ http_cookie: `portal_cohort=${cookieOf('c04')}` }))).toBe('current');
    expect(njs.release(request({ http_cookie: 'portal_cohort=c03' }))).toBe('current');
    expect(njs.release(request({}))).toBe('current');
    // The entry's cohort (the token's driver) wins over any cookie; a refused token ("-") is none.
    expect(njs.release(request({ portal_entry_cohort: 'c03', http_cookie: `portal_cohort=${cookieOf('c04')}` }))).toBe('canary/c03');
    expect(njs.release(request({ portal_entry_cohort: '-', http_cookie: `portal_cohort=${cookieOf('c03')}` }))).toBe('current');
    expect(njs.cohort(request({ portal_entry_cohort: '-', http_cookie: `portal_cohort=${cookieOf('c03')}` }))).toBe('');
  });

  it('ignore every cohort cookie when a request carries more than one (issue 37, item 9)', () => {
    // A page on the portal's host name (another port: cookies ignore ports) adds its own genuine
    // cookie of another cohort with a longer path; the browser sends it first, and $cookie_ took it.
    const planted = `portal_cohort=${cookieOf('c03')}; portal_cohort=${cookieOf('c04')}`;
    expect(njs.cohort(request({ http_cookie: planted }))).toBe('');
    expect(njs.release(request({ http_cookie: planted }))).toBe('current');
    expect(njs.release(request({ http_cookie: `a=1; portal_cohort=${cookieOf('c03')}; b=2` }))).toBe('canary/c03');
    // The entry still decides from its token's driver, whatever cookies come with it.
    expect(njs.release(request({ portal_entry_cohort: 'c03', http_cookie: planted }))).toBe('canary/c03');
  });

  it('over HTTPS read and write only __Host-portal_cohort (Secure, Path=/, no Domain)', () => {
    const https = (variables: Record<string, string>, uri?: string) => request({ scheme: 'https', ...variables }, uri);
    expect(njs.cohort(https({ http_cookie: `__Host-portal_cohort=${cookieOf('c03')}` }))).toBe('c03');
    // The plain name is not read over HTTPS: any same-host page can set it with any path.
    expect(njs.cohort(https({ http_cookie: `portal_cohort=${cookieOf('c03')}` }))).toBe('');
    expect(njs.cohort(https({ http_cookie: `__Host-portal_cohort=${cookieOf('c03')}; __Host-portal_cohort=${cookieOf('c04')}` }))).toBe('');
    expect(njs.setCookie(https({ portal_entry_cohort: 'c03' }))).toMatch(
      /^__Host-portal_cohort=c03\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(njs.setCookie(https({}, '/signout.html'))).toBe('__Host-portal_cohort=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure');
  });

  it('set the cookie on an entry only, and clear it on the sign-out page', () => {
    expect(njs.setCookie(request({ http_cookie: `portal_cohort=${'c00'}` }))).toBe('');
    expect(njs.setCookie(request({ portal_entry_cohort: 'c03' }))).toMatch(/^portal_cohort=c03\./);
    expect(njs.setCookie(request({ portal_entry_cohort: '-' }))).toMatch(/^portal_cohort=; Path=\/; Max-Age=0/);
    expect(njs.setCookie(request({ http_cookie: `portal_cohort=${cookieOf('c03')}` }, '/signout.html'))).toMatch(/Max-Age=0/);
  });

  it('set the driver proof cookie on an entry whose token named a driver, clear it on a refused token and the sign-out page, and forward it alone', () => {
    const driver = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
    expect(njs.setProofCookie(request({}))).toBe('');
    expect(njs.setProofCookie(request({ portal_entry_driver: driver }))).toMatch(/^portal_driver=[A-Za-z0-9_-]{22}\.\d+\./);
    expect(njs.setProofCookie(request({ portal_entry_driver: driver, scheme: 'https' }))).toMatch(/^__Host-portal_driver=.*; Secure$/);
    expect(njs.setProofCookie(request({ portal_entry_driver: '-' }))).toBe('portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    expect(njs.setProofCookie(request({}, '/signout.html'))).toBe('portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    const value = portalCohort.signedDriverProof(driver, SECRET, Date.now());
    expect(njs.proof(request({ http_cookie: `portal_cohort=${cookieOf('c03')}; portal_driver=${value}` }))).toBe(value);
    expect(njs.proof(request({ http_cookie: `portal_cohort=${cookieOf('c03')}` }))).toBe('');
    expect(njs.proof(request({ http_cookie: `portal_driver=${value}`, scheme: 'https' }))).toBe('');
  });

  it("take the entry's cohort from the token check's driver, never from the address, and serve its page", async () => {
    const driver = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
    const run = (args: string, reply: { status: number; headersOut: Record<string, string> } | Error, uri = '/notifications/list/') =>
      new Promise<{ r: FakeRequest; asked: number; status: number; page: string }>((resolve) => {
        let asked = 0;
        const r = request({ args, document_root: join(appRoot, 'releases', 'canary-1') }, uri);
        r.headersOut = {};
        r.subrequest = (path) => {
          asked += 1;
          expect(path).toBe('/__portal_cohort_token_check');
          return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
        };
        r.return = (status, body) => resolve({ r, asked, status, page: String(body) });
        njs.entry(r);
      });
    const named = await run(`token=driver-token-${driver}&driverId=another-driver`, {
      status: 204,
      headersOut: { 'X-Portal-Token-Driver': driver },
    });
    expect(named.r.variables.portal_entry_token).toBe(`driver-token-${driver}`);
    expect(named.r.variables.portal_entry_cohort).toBe(cohortOfDriver(driver));
    // The driver the check named, for the proof cookie (never the address's driverId).
    expect(named.r.variables.portal_entry_driver).toBe(driver);
    expect(named.status).toBe(200);
    expect(named.page).toContain('<title>canary</title>');
    expect(named.r.headersOut?.['Content-Type']).toBe('text/html');
    // A page route that is a file is that file (as try_files $uri /index.html).
    expect((await run('token=t', { status: 401, headersOut: {} }, '/signout.html')).page).toContain('<title>sign-out</title>');
    const refused = await run('token=refused&driverId=x', { status: 401, headersOut: { 'X-Portal-Token-Driver': driver } });
    expect(refused.r.variables.portal_entry_cohort).toBe('-');
    expect(refused.r.variables.portal_entry_driver).toBe('-');
    expect((await run('token=t', new Error('no answer'))).r.variables.portal_entry_cohort).toBe('-');
    const noToken = await run('token=&driverId=x', { status: 204, headersOut: {} });
    expect(noToken.asked).toBe(0);
    expect(noToken.r.variables.portal_entry_cohort).toBe('-');
  });
});

describe("npm start's server (scripts/page-cohort.mjs)", () => {
  const cohortOf = pageCohort({ authUrl: 'http://127.0.0.1:9/auth/driver', secret: SECRET });
  const list = (cookie: string | undefined, encrypted = false) =>
    cohortOf({ headers: { cookie }, socket: { encrypted } } as unknown as IncomingMessage, new URL('http://localhost:3000/remotes.json'));
  const signed = (cohort: string) => signedCohort(cohort, SECRET, Date.now());

  it("names the one signed cohort cookie's cohort on the remote list, and none when a second cookie of that name comes along (issue 37, item 9)", async () => {
    expect(await list(`portal_cohort=${signed('c24')}`)).toEqual({ [portalCohort.COHORT_HEADER]: 'c24' });
    // The probe: a same-host page's genuine cookie of c95 with Path=/remotes.json, sent first.
    expect(await list(`portal_cohort=${signed('c95')}; portal_cohort=${signed('c24')}`)).toEqual({});
    expect(await list(undefined)).toEqual({});
  });

  it('clears the cohort and the driver proof cookies on the sign-out page', async () => {
    const signout = await cohortOf(
      { headers: {}, socket: {} } as unknown as IncomingMessage,
      new URL('http://localhost:3000/signout.html'),
    );
    expect(signout).toEqual({
      'Set-Cookie': [
        'portal_cohort=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
        'portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
      ],
    });
  });

  it('over HTTPS reads __Host-portal_cohort only', async () => {
    expect(await list(`portal_cohort=${signed('c24')}`, true)).toEqual({});
    expect(await list(`__Host-portal_cohort=${signed('c24')}`, true)).toEqual({ [portalCohort.COHORT_HEADER]: 'c24' });
  });
});
