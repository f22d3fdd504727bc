import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_KEYS } from '@driver-portal/shared/session';
import { DRIVER_ID_KEY, inCanary, murmurHash2 } from './cohort';
import { remoteDescriptors } from './remote-list';

const ids = Array.from({ length: 10_000 }, (_, index) => `driver-${index}-${(index * 7919).toString(36)}`);

describe('canary cohorts', () => {
  it("hash the driver id as nginx's split_clients does (MurmurHash2, seed 0)", () => {
    // Reference values from a separate implementation of ngx_murmur_hash2 (every tail length).
    expect(murmurHash2('')).toBe(0);
    expect(murmurHash2('a')).toBe(2456313694);
    expect(murmurHash2('ab')).toBe(446775395);
    expect(murmurHash2('abc')).toBe(324500635);
    expect(murmurHash2('abcd')).toBe(646393889);
    expect(murmurHash2('3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f')).toBe(1052949859);
  });

  it('put about the asked share of drivers in the canary, and always the same ones', () => {
    const inTen = ids.filter((id) => inCanary(id, 10));
    expect(inTen.length / ids.length).toBeGreaterThan(0.09);
    expect(inTen.length / ids.length).toBeLessThan(0.11);
    // Stable: the same answer every time; and growing the canary never drops a driver already in it.
    expect(ids.filter((id) => inCanary(id, 10))).toEqual(inTen);
    const inFifty = new Set(ids.filter((id) => inCanary(id, 50)));
    for (const id of inTen) expect(inFifty.has(id)).toBe(true);
  });

  it("split at the bounds of nginx's cohorts of 1 % (deploy/nginx/portal-canary.conf: 99 parts of 1% and the rest)", () => {
    // split_clients: each part of "1%" spans 100 * 0xffffffff / 10000 in integers, cumulated.
    const span = Math.floor((100 * 0xffffffff) / 10000);
    const cohortOf = (hash: number) => Math.min(Math.floor(hash / span), 99);
    for (const percent of [1, 10, 50, 99]) {
      for (const id of ids.slice(0, 2000)) expect(inCanary(id, percent)).toBe(cohortOf(murmurHash2(id)) < percent);
    }
    // The file says what the host assumes: 99 parts of 1 %, then the rest, in order.
    const conf = readFileSync(join(__dirname, '..', '..', '..', 'deploy', 'nginx', 'portal-canary.conf'), 'utf8');
    const parts = [...conf.matchAll(/^\s+(1%|\*)\s+(c\d\d);$/gm)].map(([, share, name]) => `${share} ${name}`);
    expect(parts).toEqual([...Array.from({ length: 99 }, (_, index) => `1% c${String(index).padStart(2, '0')}`), '* c99']);
  });

  it('keep a driver nobody knows, a 0 % canary on the live release; a 100 % canary takes everyone', () => {
    expect(inCanary(null, 50)).toBe(false);
    expect(inCanary('', 50)).toBe(false);
    expect(ids.some((id) => inCanary(id, 0))).toBe(false);
    expect(ids.every((id) => inCanary(id, 100))).toBe(true);
  });

  it("read the driver id under the session's key", () => {
    expect(DRIVER_ID_KEY).toBe(SESSION_KEYS.driverId);
  });

  it('give each driver the manifest of their cohort when the remote list is read', () => {
    const list = [
      {
        name: 'mfe_self_service',
        manifest: 'http://localhost:3001/releases/stable/mf-manifest.json',
        prefixes: ['/notifications'],
        canary: { manifest: 'http://localhost:3001/releases/canary/mf-manifest.json', percent: 50 },
      },
    ];
    const inside = ids.find((id) => inCanary(id, 50));
    const outside = ids.find((id) => !inCanary(id, 50));
    expect(remoteDescriptors(list, inside)[0]?.manifest).toContain('/releases/canary/');
    expect(remoteDescriptors(list, outside)[0]?.manifest).toContain('/releases/stable/');
    expect(remoteDescriptors(list, null)[0]?.manifest).toContain('/releases/stable/');
    // A malformed canary is no canary.
    expect(remoteDescriptors([{ ...list[0], canary: { manifest: 42, percent: 50 } }], inside)[0]?.manifest).toContain('/releases/stable/');
  });
});
