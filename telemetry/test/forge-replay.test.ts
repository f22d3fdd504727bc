import type { Server } from 'node:http';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { canaryVerdict, type Figures } from '../../scripts/canary-verdict.cjs';
import { CLIENT_QUOTA } from '../src/limits';
import { address, beacon, CANARY, drivers, figuresOf, headersOf, LIVE, sampleSum, send, startReceiver, type Sent } from './forge';

// Issue 45, item 1, replayed with 10,000 addresses against a real receiver (production's limits
// and ledgers), both ways. As probed: a canary of mfe-account at 100 errors per 1,000 loads, "would
// be rolled back", became "would be promoted" after clean canary loads from hundreds of loopback
// addresses; 50 `refused` beacons from 10 addresses rolled a good canary back. The verdict now
// reads only beacons that came with a driver proof (decision 0022): the forge, which has none,
// moves no figure it reads.

const FORGERS = 10_000;
const verdictOf = (canary: Figures, live: Figures) => canaryVerdict({ canary, live, percent: 50, canaryId: CANARY, liveId: LIVE });

const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function receiver() {
  const running = await startReceiver();
  servers.push(running.server);
  return running;
}

/** 60 drivers on the canary and 60 on the live release, 5 loads each, with their entries' proofs. */
const realTraffic = (canaryErrorDrivers: number): Sent[] => [
  ...drivers({ first: 1, drivers: 60, loads: 5, release: CANARY, cohort: 'canary', errorDrivers: canaryErrorDrivers, errorsEach: 2 }),
  ...drivers({ first: 1001, drivers: 60, loads: 5, release: LIVE, cohort: 'live' }),
];

/** Forged headers for the n-th forger: no proof, a made-up one, or a real one's shape with another MAC (a quarter each way past half). */
function forgedHeaders(index: number): Record<string, string> {
  const at = address(index);
  const expires = Math.floor(Date.now() / 1000) + 3600;
  switch (index % 4) {
    case 2:
      return headersOf(at, `${'A'.repeat(22)}.${expires}.${'B'.repeat(43)}`);
    case 3: {
      // A driver's genuine proof with its key changed: the MAC no longer holds.
      const genuine = portalCohort.signedDriverProof(`forger-${index}`, 'another-deployment-secret-0123456789', Date.now());
      return headersOf(at, genuine);
    }
    default:
      return headersOf(at);
  }
}

describe('the forge of issue 45 (item 1), with 10,000 addresses', () => {
  it('5 clean canary loads from each of 10,000 addresses: a canary at 100 errors per 1,000 is still rolled back', async () => {
    const { base, metrics } = await receiver();
    // 30 errors in 300 canary loads (15 drivers with 2 each): 100 per 1,000.
    expect(await send(base, realTraffic(15))).toEqual(new Map([[204, 630]]));
    const before = verdictOf(figuresOf(await metrics(), CANARY), figuresOf(await metrics(), LIVE));
    expect(before.decision).toBe('rollback');

    const forge: Sent[] = [];
    for (let index = 0; index < FORGERS; index += 1) {
      const headers = forgedHeaders(index);
      for (let load = 0; load < 5; load += 1) forge.push([beacon('load', CANARY, 'canary'), headers]);
    }
    const started = Date.now();
    const statuses = await send(base, forge);
    const text = await metrics();
    // Every forged beacon was taken (within each address's limits) and counted apart.
    expect(statuses).toEqual(new Map([[204, 5 * FORGERS]]));
    expect(sampleSum(text, 'portal_remote_loads_total', { release: CANARY, verified: 'false' })).toBe(5 * FORGERS);
    expect(sampleSum(text, 'portal_telemetry_unverified_clients_total', { release: CANARY })).toBe(FORGERS);
    expect(sampleSum(text, 'portal_telemetry_proofs_total', { result: 'invalid' })).toBe(5 * (FORGERS / 2));
    // No verified figure moved: 300 loads from 60 drivers, 30 errors from 15.
    const canary = figuresOf(text, CANARY);
    expect(canary).toMatchObject({ loads: 300, drivers: 60, errors: 30, errorDrivers: 15 });
    const after = verdictOf(canary, figuresOf(text, LIVE));
    expect(after).toEqual(before);
    // What a verdict counting addresses would have read from the same receiver: promoted.
    const byAddress = verdictOf(figuresOf(text, CANARY, true), figuresOf(text, LIVE, true));
    expect(byAddress.decision).toBe('promote');
    console.log(
      `issue 45 item 1, forge 1: ${5 * FORGERS} clean canary loads from ${FORGERS} addresses in ${Date.now() - started} ms; ` +
        `verdict before ${before.decision}, after ${after.decision} (${after.reason}); counted by address it would be ${byAddress.decision} (${byAddress.reason})`,
    );
  }, 180_000);

  it('a refused beacon from each of 10,000 addresses: a good canary is not rolled back', async () => {
    const { base, metrics } = await receiver();
    expect(await send(base, realTraffic(0))).toEqual(new Map([[204, 600]]));
    const before = verdictOf(figuresOf(await metrics(), CANARY), figuresOf(await metrics(), LIVE));
    expect(before.decision).toBe('promote');

    const forge: Sent[] = Array.from({ length: FORGERS }, (_, index) => [beacon('refused', CANARY, 'canary'), forgedHeaders(index)]);
    const statuses = await send(base, forge);
    const text = await metrics();
    expect(statuses).toEqual(new Map([[204, FORGERS]]));
    expect(sampleSum(text, 'portal_remote_refusals_total', { release: CANARY, verified: 'false' })).toBe(FORGERS);
    const canary = figuresOf(text, CANARY);
    expect(canary).toMatchObject({ loads: 300, drivers: 60, refusals: 0, loadFailures: 0 });
    const after = verdictOf(canary, figuresOf(text, LIVE));
    expect(after).toEqual(before);
    const byAddress = verdictOf(figuresOf(text, CANARY, true), figuresOf(text, LIVE, true));
    expect(byAddress.decision).toBe('rollback');
    console.log(
      `issue 45 item 1, forge 2: ${FORGERS} refused beacons from ${FORGERS} addresses; verdict before ${before.decision}, after ${after.decision}; ` +
        `counted by address it would be ${byAddress.decision} (${byAddress.reason})`,
    );
  }, 120_000);

  it("one real driver's proof sent from 2,000 addresses is one driver, within one driver's quota", async () => {
    const { base, metrics } = await receiver();
    const proof = portalCohort.signedDriverProof(
      '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f',
      'a-secret-of-the-receiver-tests-0123456789',
      Date.now(),
    );
    const forge: Sent[] = Array.from({ length: 2000 }, (_, index) => [beacon('load', CANARY, 'canary'), headersOf(address(index), proof)]);
    const statuses = await send(base, forge);
    expect(statuses.get(204)).toBe(CLIENT_QUOTA.load);
    expect(statuses.get(429)).toBe(2000 - CLIENT_QUOTA.load);
    const text = await metrics();
    expect(figuresOf(text, CANARY)).toMatchObject({ loads: CLIENT_QUOTA.load, drivers: 1 });
    expect(sampleSum(text, 'portal_telemetry_rejected_beacons_total', { reason: 'driver-quota' })).toBe(2000 - CLIENT_QUOTA.load);
  }, 60_000);
});
