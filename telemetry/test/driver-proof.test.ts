import type { Server } from 'node:http';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { CLIENT_QUOTA } from '../src/limits';
import { beacon, CANARY, driverId, figuresOf, headersOf, LIVE, REMOTE, sampleSum, SECRET, send, startReceiver, type Sent } from './forge';

// Issue 45, item 1: a beacon counts toward a canary only with a driver proof the portal's servers
// signed once the provider's token check accepted that driver's token (deploy/nginx/portal-cohort.mjs),
// checked here with the deployment's secret; once per driver and release, never per address.

const HOUR = 60 * 60 * 1000;
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function receiver(proofSecret: string | null = SECRET) {
  const running = await startReceiver(proofSecret);
  servers.push(running.server);
  return running;
}

const load = (proof: string | undefined, at = '192.0.2.1'): Sent => [beacon('load', CANARY, 'canary'), headersOf(at, proof)];

describe("the receiver's driver proofs", () => {
  const genuine = portalCohort.signedDriverProof(driverId(7), SECRET, Date.now());

  it('counts a beacon with a genuine proof as verified: its loads, and its driver once', async () => {
    const { base, metrics } = await receiver();
    expect(
      await send(base, [load(genuine), load(genuine, '192.0.2.2'), [beacon('error', CANARY, 'canary'), headersOf('192.0.2.3', genuine)]]),
    ).toEqual(new Map([[204, 3]]));
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${REMOTE.name}",release="${CANARY}",cohort="canary",route="${REMOTE.prefixes[0]}/init/:driverId",verified="true"} 2`,
    );
    expect(text).toContain(`portal_telemetry_drivers_total{remote="${REMOTE.name}",release="${CANARY}",cohort="canary"} 1`);
    expect(text).toContain(`portal_telemetry_error_drivers_total{remote="${REMOTE.name}",release="${CANARY}",cohort="canary"} 1`);
    expect(text).toContain('portal_telemetry_proofs_total{result="valid"} 3');
    // Addresses are not what counted: none is an unverified client.
    expect(sampleSum(text, 'portal_telemetry_unverified_clients_total', {})).toBe(0);
  });

  it('counts a forged, altered, expired, foreign or absent proof apart, never as verified', async () => {
    const { base, metrics } = await receiver();
    const [key, expires, mac] = genuine.split('.') as [string, string, string];
    const otherKey = portalCohort.driverKey(driverId(8), SECRET);
    const flip = (text: string) => text.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));
    const refused = [
      undefined, // no proof
      '', // an empty header
      `${'A'.repeat(22)}.${expires}.${'B'.repeat(43)}`, // made up
      `${otherKey}.${expires}.${mac}`, // another driver's key under this one's MAC
      `${key}.${Number(expires) + 3600}.${mac}`, // a later expiry
      `${key}.${expires}.${flip(mac)}`, // one character of the MAC
      `${flip(key)}.${expires}.${mac}`, // one character of the key
      portalCohort.signedDriverProof(driverId(7), SECRET, Date.now() - 13 * HOUR), // expired after a shift
      portalCohort.signedDriverProof(driverId(7), 'another-deployment-secret-0123456789', Date.now()), // another deployment's
      portalCohort.signedCohort('c07', SECRET, Date.now()), // the cohort cookie's value
      driverId(7), // a driver id
      `${genuine}; ${genuine}`,
    ];
    const statuses = await send(
      base,
      refused.map((proof, index) => load(proof, `198.51.100.${index}`)),
    );
    expect(statuses).toEqual(new Map([[204, refused.length]]));
    const text = await metrics();
    expect(figuresOf(text, CANARY)).toMatchObject({ loads: 0, drivers: 0 });
    expect(sampleSum(text, 'portal_remote_loads_total', { release: CANARY, verified: 'false' })).toBe(refused.length);
    expect(sampleSum(text, 'portal_telemetry_unverified_clients_total', { release: CANARY })).toBe(refused.length);
    expect(text).toContain(`portal_telemetry_proofs_total{result="absent"} 1`);
    expect(text).toContain(`portal_telemetry_proofs_total{result="invalid"} ${refused.length - 1}`);
    expect(text).toContain('portal_telemetry_proofs_total{result="valid"} 0');
    expect(text).not.toContain(key);
  });

  it('without the deployment’s secret (or a short one) verifies nothing', async () => {
    for (const secret of [null, '', 'short-secret']) {
      const { base, metrics } = await receiver(secret);
      expect(await send(base, [load(genuine)])).toEqual(new Map([[204, 1]]));
      expect(figuresOf(await metrics(), CANARY)).toMatchObject({ loads: 0, drivers: 0 });
    }
  });

  it('counts one driver once per release and at most its quota, from any number of addresses; another release is another count', async () => {
    const { base, metrics } = await receiver();
    const beacons: Sent[] = Array.from({ length: 40 }, (_, index) => load(genuine, `203.0.113.${index}`));
    beacons.push([beacon('load', LIVE, 'live'), headersOf('203.0.113.99', genuine)]);
    const statuses = await send(base, beacons, 1);
    expect(statuses.get(204)).toBe(CLIENT_QUOTA.load + 1);
    const text = await metrics();
    expect(figuresOf(text, CANARY)).toMatchObject({ loads: CLIENT_QUOTA.load, drivers: 1 });
    expect(figuresOf(text, LIVE)).toMatchObject({ loads: 1, drivers: 1 });
    expect(text).toContain(`portal_telemetry_rejected_beacons_total{reason="driver-quota"} ${40 - CLIENT_QUOTA.load}`);
  });

  it('keys a driver by the id the token check named, whatever its case: one driver', async () => {
    const { base, metrics } = await receiver();
    const upper = portalCohort.signedDriverProof(driverId(7).toUpperCase(), SECRET, Date.now());
    await send(base, [load(genuine), load(upper, '192.0.2.9')]);
    expect(figuresOf(await metrics(), CANARY)).toMatchObject({ loads: 2, drivers: 1 });
  });
});
