import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { REMOTES } from '../../build-preset/apps.cjs';
import { canaryVerdict, DEFAULT_THRESHOLDS, thresholdsFromArgs, type Counts, type Figures } from '../../scripts/canary-verdict.cjs';
import { figuresOf, releaseFigures } from '../../scripts/telemetry.mjs';
import { CLIENT_QUOTA, ClientLedger, RateLimiter } from '../../telemetry/src/limits';
import { PortalReleases } from '../../telemetry/src/portal';
import { createReceiver } from '../../telemetry/src/server';

const figures = (
  loads: number,
  drivers: number,
  errors = 0,
  lcpP75Ms: number | null = 1800,
  inpP75Ms: number | null = 120,
  errorDrivers?: number,
): Figures => ({
  loads,
  drivers,
  errors,
  errorDrivers,
  lcpP75Ms,
  inpP75Ms,
});
const verdict = (canary: Figures, live: Figures, percent = 10, options = {}) =>
  canaryVerdict({ canary, live, percent, canaryId: 'r-new', liveId: 'r-old' }, options);

describe('the canary verdict', () => {
  it('waits, whatever the figures, until the canary has the minimum loads from the minimum drivers', () => {
    expect(verdict(figures(199, 80, 199), figures(5000, 900))).toEqual({
      decision: 'wait',
      reason: 'canary r-new has 199 loads from 80 drivers so far; a verdict needs at least 200 loads from 50 drivers',
    });
    // Loads enough but from too few drivers (one driver's session flooding): no verdict either way.
    expect(verdict(figures(5000, 3, 0), figures(5000, 900)).decision).toBe('wait');
    expect(verdict(figures(5000, 3, 5000), figures(5000, 900)).decision).toBe('wait');
  });

  it('rolls back above the live error rate plus the margin, and says so in plain words', () => {
    expect(verdict(figures(400, 60, 20), figures(4000, 600, 8))).toEqual({
      decision: 'rollback',
      reason: '20 errors in 400 loads (50 per 1,000) against 2 per 1,000 for r-old: more than the 22 allowed (margin 20, ceiling 50)',
    });
    expect(verdict(figures(400, 60, 8), figures(4000, 600, 8)).decision).toBe('promote');
  });

  it('rolls back a canary whose p75 LCP or INP is worse than the live release’s by more than the margin', () => {
    expect(verdict(figures(400, 60, 0, 2400), figures(4000, 600, 0, 1800))).toMatchObject({
      decision: 'rollback',
      reason: "p75 LCP 2400 ms against r-old's 1800 ms +20 %, at most 2160 ms",
    });
    expect(verdict(figures(400, 60, 0, 1800, 260), figures(4000, 600, 0, 1800, 200)).decision).toBe('rollback');
    // No live figure: the web-vitals limits.
    expect(verdict(figures(400, 60, 0, 2600, null), figures(4000, 600, 0, null, null)).reason).toContain('the limit of 2500 ms');
  });

  it('promotes a clean canary and says why', () => {
    expect(verdict(figures(400, 60, 1), figures(4000, 600, 4))).toEqual({
      decision: 'promote',
      reason: '400 loads from 60 drivers at 2.5 errors per 1,000 (r-old: 1), p75 LCP 1800 ms, INP 120 ms: within every threshold',
    });
  });

  it('holds a promotion while the canary has far more of the loads than its percentage (loads forged for it)', () => {
    // 10 % of drivers, 50 % of the loads.
    expect(verdict(figures(4000, 600), figures(4000, 600))).toMatchObject({
      decision: 'wait',
      reason: expect.stringContaining('promotion held'),
    });
    expect(verdict(figures(700, 100), figures(4000, 600)).decision).toBe('promote');
  });

  const count = (max: number) => fc.integer({ min: 0, max });
  const release = fc.record({ loads: count(3000), drivers: count(400), errors: count(300) });

  it('property: errors, forged or not, never turn a verdict into a promotion', () => {
    fc.assert(
      fc.property(release, release, fc.integer({ min: 1, max: 99 }), count(500), (real, live, percent, forgedErrors) => {
        const before = verdict(figures(real.loads, real.drivers, real.errors), figures(live.loads, live.drivers, live.errors), percent);
        const after = verdict(
          figures(real.loads, real.drivers, real.errors + forgedErrors),
          figures(live.loads, live.drivers, live.errors),
          percent,
        );
        if (after.decision === 'promote') expect(before.decision).toBe('promote');
      }),
      { numRuns: 3000 },
    );
  });

  it('property: one driver’s session, forged beacons and all, weighs what one clean driver does (the receiver counts its loads up to its quota, once as a driver)', () => {
    // telemetry/src/limits.ts CLIENT_QUOTA.load: the most loads one driver counts for a release in a window.
    const quota = 10;
    fc.assert(
      fc.property(release, release, fc.integer({ min: 1, max: 99 }), count(quota), count(500), (real, live, percent, loads, errors) => {
        const liveFigures = figures(live.loads, live.drivers, live.errors);
        const forged = verdict(figures(real.loads + loads, real.drivers + 1, real.errors + errors), liveFigures, percent);
        const oneDriver = verdict(figures(real.loads + loads, real.drivers + 1, real.errors), liveFigures, percent);
        if (forged.decision === 'promote') expect(oneDriver.decision).toBe('promote');
      }),
      { numRuns: 3000 },
    );
  });

  it('rolls back a canary above the ceiling whatever the live release’s rate, and one with far more drivers with errors', () => {
    // The live release at 100 per 1,000 (real or forged): the canary at 60 is still over the ceiling of 50.
    expect(verdict(figures(1000, 200, 60), figures(1000, 200, 100))).toMatchObject({
      decision: 'rollback',
      reason: '60 errors in 1000 loads (60 per 1,000) against 100 per 1,000 for r-old: more than the 50 allowed (margin 20, ceiling 50)',
    });
    // 20 errors in 1,000 loads, but from 60 of 200 drivers (300 per 1,000) against 10 of 200 (50).
    expect(verdict(figures(1000, 200, 20, 1800, 120, 60), figures(1000, 200, 10, 1800, 120, 10))).toMatchObject({
      decision: 'rollback',
      reason:
        '60 of 200 drivers had errors (300 per 1,000) against 50 per 1,000 for r-old: more than the 150 allowed (driver margin 100, ceiling 250)',
    });
  });

  it('holds the canary to the live release’s history when it has one, and holds a promotion while the live rate jumps above it', () => {
    const history: Counts = { loads: 20_000, drivers: 3000, errors: 100, errorDrivers: 80 };
    const live = (errors: number, errorDrivers = errors): Figures => ({ ...figures(1000, 200, errors, 1800, 120, errorDrivers), history });
    // History at 5 per 1,000: a canary at 30 is over 25, however bad the live release is now.
    expect(verdict(figures(1000, 200, 30), live(40), 50)).toMatchObject({
      decision: 'rollback',
      reason: expect.stringContaining('against 5 per 1,000 for r-old (its history before this window): more than the 25 allowed'),
    });
    // A clean canary while the live release jumps from 5 to 40 per 1,000: no promotion.
    expect(verdict(figures(1000, 200, 5), live(40), 50)).toMatchObject({
      decision: 'wait',
      reason: expect.stringContaining('promotion held: r-old has 40 errors per 1,000 loads'),
    });
    expect(verdict(figures(1000, 200, 5), live(6), 50).decision).toBe('promote');
  });

  /**
   * Issue 37, item 3, as probed: a canary of mfe-account at 50 % with 100 errors per 1,000 loads;
   * 400 error beacons tagged with the LIVE release from 10 addresses took the live rate to 1,333
   * per 1,000 and the verdict from "rolled back" to "promoted".
   */
  describe('the forge of issue 37 (item 3)', () => {
    const canary = figures(300, 60, 30, 1800, 120, 20);
    const liveClean = figures(300, 60, 0, 1800, 120, 0);

    it('the verdict before the forge: rolled back', () => {
      expect(verdict(canary, liveClean, 50).decision).toBe('rollback');
    });

    it('the probe’s figures as they were counted then (400 errors, 10 addresses): still rolled back', () => {
      const forged = { ...liveClean, drivers: 70, errors: 400, errorDrivers: 10 };
      expect(verdict(forged, forged).decision).not.toBe('promote');
      expect(verdict(canary, forged, 50)).toMatchObject({
        decision: 'rollback',
        reason: '30 errors in 300 loads (100 per 1,000) against 1333 per 1,000 for r-old: more than the 50 allowed (margin 20, ceiling 50)',
      });
      // With a history of the live release, even with no ceiling at all.
      const history: Counts = { loads: 4000, drivers: 800, errors: 20, errorDrivers: 15 };
      expect(verdict(canary, { ...forged, history }, 50, { maxErrorRate: 1_000_000 })).toMatchObject({ decision: 'rollback' });
    });

    it('the same 400 beacons through the receiver, with no driver proof, are counted apart: no verified error, and the verdict stays', async () => {
      const remote = REMOTES.find((item) => item.dir === 'mfe-account') ?? (REMOTES[0] as (typeof REMOTES)[number]);
      const releases = new PortalReleases();
      releases.update([{ name: remote.name, manifest: 'http://r/releases/r-old/mf-manifest.json' }]);
      const PORTAL = 'http://portal.example';
      const { server } = createReceiver({
        releases,
        portalOrigins: new Set([PORTAL]),
        trustedProxies: '127.0.0.1',
        proofSecret: 'a-secret-of-the-verdict-tests-0123456789',
        // Production's limits: a burst of 40 per address, as in the probe (10 × 40 = 400 accepted then).
        limiter: new RateLimiter(),
        ledger: new ClientLedger(),
        driverLedger: new ClientLedger(),
        logFailure: () => undefined,
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const statuses = new Map<number, number>();
        for (let index = 0; index < 400; index += 1) {
          const body = JSON.stringify({
            kind: 'error',
            remote: remote.name,
            version: 'r-old',
            cohort: 'live',
            route: `${remote.prefixes[0]}/init/:driverId`,
            message: 'TypeError: forged',
            at: 1,
          });
          const answer = await fetch(`${base}/telemetry/events`, {
            method: 'POST',
            headers: { Origin: PORTAL, 'Content-Type': 'text/plain', 'X-Real-IP': `198.51.100.${index % 10}` },
            body,
          });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
        const text = await (await fetch(`${base}/metrics`)).text();
        const sum = (metric: string, verified?: string) =>
          [...text.matchAll(new RegExp(`^${metric}\\{[^}]*release="r-old"[^}]*\\} (\\S+)$`, 'gm'))]
            .filter((match) => verified === undefined || match[0].includes(`verified="${verified}"`))
            .reduce((total, match) => total + Number(match[1]), 0);
        // Taken within each address's quota, and counted apart.
        expect(statuses.get(204)).toBe(10 * CLIENT_QUOTA.error);
        expect(sum('portal_remote_errors_total', 'false')).toBe(10 * CLIENT_QUOTA.error);
        // What the verdict reads: no verified error, no driver with errors.
        const errors = sum('portal_remote_errors_total', 'true');
        const errorDrivers = sum('portal_telemetry_error_drivers_total');
        expect(errors).toBe(0);
        expect(errorDrivers).toBe(0);
        const forged = { ...liveClean, errors: liveClean.errors + errors, errorDrivers };
        const after = verdict(canary, forged, 50);
        console.log(
          `issue 37 item 3 replayed: ${errors} of 400 forged live errors counted as verified; verdict ${after.decision}: ${after.reason}`,
        );
        expect(after).toEqual(verdict(canary, liveClean, 50));
        expect(after.decision).toBe('rollback');
      } finally {
        server.close();
      }
      // 400 beacons through a real receiver: seconds on a loaded 2-core machine, not Jest's default 5.
    }, 30_000);
  });

  const history = fc.record({
    loads: fc.integer({ min: 200, max: 50_000 }),
    drivers: fc.integer({ min: 50, max: 5000 }),
    errors: fc.integer({ min: 0, max: 3000 }),
  });
  const counts = fc.record({
    loads: fc.integer({ min: 0, max: 3000 }),
    drivers: fc.integer({ min: 0, max: 400 }),
    errors: fc.integer({ min: 0, max: 300 }),
  });

  it('property: errors forged for the live release never turn a verdict into a promotion once it has a history', () => {
    fc.assert(
      fc.property(
        counts,
        counts,
        history,
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 100 }),
        (canary, live, past, percent, forgedErrors, forgers) => {
          const withHistory = (errors: number, drivers: number, errorDrivers: number): Figures => ({
            ...figures(live.loads, drivers, errors, 1800, 120, errorDrivers),
            history: { ...past, errorDrivers: Math.min(past.errors, past.drivers) },
          });
          const canaryFigures = figures(canary.loads, canary.drivers, canary.errors);
          const before = verdict(canaryFigures, withHistory(live.errors, live.drivers, Math.min(live.errors, live.drivers)), percent);
          const after = verdict(
            canaryFigures,
            withHistory(live.errors + forgedErrors, live.drivers + forgers, Math.min(live.errors, live.drivers) + forgers),
            percent,
          );
          if (after.decision === 'promote') expect(before.decision).toBe('promote');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('property: without a history, no forged live figure promotes a canary above the ceiling, or slower than web-vitals’ “poor”', () => {
    fc.assert(
      fc.property(
        counts,
        counts,
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 60_000 }),
        (canary, live, percent, liveLcp) => {
          const canaryFigures = figures(canary.loads, canary.drivers, canary.errors, 4100);
          const result = verdict(canaryFigures, figures(live.loads, live.drivers, live.errors, liveLcp), percent);
          expect(result.decision).not.toBe('promote');
          const rate = canary.loads > 0 ? (canary.errors / canary.loads) * 1000 : 0;
          const fast = verdict(figures(canary.loads, canary.drivers, canary.errors), figures(live.loads, live.drivers, 100_000), percent);
          if (rate > DEFAULT_THRESHOLDS.maxErrorRate) expect(fast.decision).not.toBe('promote');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('rolls back a canary every host refuses within its first window, without waiting for loads (issue 39)', () => {
    // A build no host runs: no loads at all, only refusals (at most 5 a driver), from 12 drivers.
    const refused: Figures = { ...figures(0, 12), refusals: 40 };
    expect(verdict(refused, { ...figures(4000, 600, 4), refusals: 2, loadFailures: 6 })).toEqual({
      decision: 'rollback',
      reason:
        '40 refused and 0 failed of 40 loads from 12 drivers (1000 per 1,000) against 2 per 1,000 for r-old: more than the 22 allowed ' +
        '(failure margin 20, ceiling 100); hosts do not run r-new',
    });
    // Load failures (an entry that does not download or run) count the same.
    expect(verdict({ ...figures(150, 30), loadFailures: 60 }, figures(4000, 600)).decision).toBe('rollback');
    // Too few drivers to judge: the canary keeps waiting (one driver cannot roll back alone either).
    expect(verdict({ ...figures(0, 9), refusals: 45 }, figures(4000, 600)).decision).toBe('wait');
    // A few refusals among many loads, as the live release has: the rest of the verdict decides.
    expect(verdict({ ...figures(400, 60, 1), refusals: 1 }, { ...figures(4000, 600, 4), refusals: 8 }).decision).toBe('promote');
    // The live release's own failure rate raises the bar, never past the ceiling.
    expect(verdict({ ...figures(400, 60), loadFailures: 25 }, { ...figures(4000, 600), loadFailures: 200 }).decision).toBe('promote');
    expect(verdict({ ...figures(400, 60), loadFailures: 60 }, { ...figures(4000, 600), loadFailures: 2000 }).decision).toBe('rollback');
  });

  it('property: refusals and load failures, forged or not, never turn a verdict into a promotion', () => {
    fc.assert(
      fc.property(
        fc.record({ loads: fc.nat(5000), drivers: fc.nat(900), errors: fc.nat(200) }),
        fc.record({ loads: fc.nat(20_000), drivers: fc.nat(5000), errors: fc.nat(200) }),
        fc.nat(500),
        fc.nat(500),
        (canary, live, refusals, loadFailures) => {
          const before = verdict({ ...canary, lcpP75Ms: 1800, inpP75Ms: 120 }, { ...live, lcpP75Ms: 1800, inpP75Ms: 120 });
          const after = verdict(
            { ...canary, lcpP75Ms: 1800, inpP75Ms: 120, refusals, loadFailures },
            { ...live, lcpP75Ms: 1800, inpP75Ms: 120 },
          );
          return after.decision !== 'promote' || before.decision === 'promote';
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads its thresholds from options, --clean-loads being --min-loads and each old `client` option its `driver` one', () => {
    expect(thresholdsFromArgs(['--canary', '10', '--min-loads', '5', '--min-drivers', '1', '--margin', '50'])).toEqual({
      minLoads: 5,
      minDrivers: 1,
      margin: 50,
    });
    expect(thresholdsFromArgs(['--max-error-rate', '80', '--driver-margin', '30', '--max-error-driver-rate', '90'])).toEqual({
      maxErrorRate: 80,
      driverMargin: 30,
      maxErrorDriverRate: 90,
    });
    expect(thresholdsFromArgs(['--clean-loads', '1000'])).toEqual({ minLoads: 1000 });
    expect(thresholdsFromArgs(['--min-failure-drivers', '1', '--failure-margin', '5', '--max-failure-rate', '40'])).toEqual({
      minFailureDrivers: 1,
      failureMargin: 5,
      maxFailureRate: 40,
    });
    expect(
      thresholdsFromArgs(['--min-clients', '2', '--client-margin', '3', '--max-error-client-rate', '4', '--min-failure-clients', '5']),
    ).toEqual({
      minDrivers: 2,
      driverMargin: 3,
      maxErrorDriverRate: 4,
      minFailureDrivers: 5,
    });
    expect(() => thresholdsFromArgs(['--margin', 'lots'])).toThrow('--margin takes a number');
  });
});

describe('the figures a verdict reads (scripts/telemetry.mjs)', () => {
  it('are of verified beacons only: a forge Prometheus holds under verified="false" moves none of them (issue 45, item 1)', async () => {
    const queries: string[] = [];
    // A Prometheus holding the forge of issue 45 replayed: 300 verified canary loads from 60
    // drivers with 30 errors, 300 live loads; and, unverified, 50,000 clean canary loads from
    // 10,000 addresses and 10,000 refusals. Each query's answer is what its selectors name.
    const prometheus = createServer((request, response) => {
      const promql = new URL(request.url ?? '/', 'http://x').searchParams.get('query') ?? '';
      queries.push(promql);
      const forged = promql.includes('verified="false"') || promql.includes('unverified_clients');
      const answer = (canary: number, live: number) => [
        { metric: { remote: 'mfe_account', release: 'r-new' }, value: [0, String(canary)] },
        { metric: { remote: 'mfe_account', release: 'r-old' }, value: [0, String(live)] },
      ];
      const result = promql.includes('histogram_quantile')
        ? answer(Number.NaN, Number.NaN)
        : promql.includes('offset 1800s')
          ? []
          : forged
            ? promql.includes('loads_total')
              ? answer(50_000, 0)
              : promql.includes('refusals_total')
                ? answer(10_000, 0)
                : promql.includes('unverified_clients')
                  ? answer(10_000, 0)
                  : answer(0, 0)
            : promql.includes('error_drivers_total')
              ? answer(15, 0)
              : promql.includes('drivers_total')
                ? answer(60, 60)
                : promql.includes('loads_total')
                  ? answer(300, 300)
                  : promql.includes('errors_total')
                    ? answer(30, 0)
                    : answer(0, 0);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ status: 'success', data: { result } }));
    });
    await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
    const before = process.env.PORTAL_PROMETHEUS_URL;
    process.env.PORTAL_PROMETHEUS_URL = `http://127.0.0.1:${(prometheus.address() as AddressInfo).port}`;
    try {
      const rows = await releaseFigures('30m', '6h');
      const canary = figuresOf(rows, 'mfe_account', 'r-new');
      const live = figuresOf(rows, 'mfe_account', 'r-old');
      expect(canary).toMatchObject({ loads: 300, drivers: 60, errors: 30, errorDrivers: 15, refusals: 0, loadFailures: 0 });
      expect(canary.unverified).toEqual({ loads: 50_000, errors: 0, clients: 10_000 });
      expect(canaryVerdict({ canary, live, percent: 50, canaryId: 'r-new', liveId: 'r-old' })).toMatchObject({
        decision: 'rollback',
        reason: expect.stringContaining('30 errors in 300 loads (100 per 1,000)'),
      });
      // Every beacon counter the figures read names its verified series; only the `unverified` ones read the others.
      const counters = queries.flatMap((promql) => [...promql.matchAll(/portal_remote_[a-z_]+(\{[^}]*\})?/g)].map((match) => match[0]));
      expect(counters.length).toBeGreaterThan(0);
      for (const counter of counters) expect(counter).toMatch(/\{verified="(true|false)"\}$/);
      expect(counters.filter((counter) => counter.endsWith('{verified="false"}'))).toEqual([
        'portal_remote_loads_total{verified="false"}',
        'portal_remote_loads_total{verified="false"}',
        'portal_remote_loads_total{verified="false"}',
        'portal_remote_errors_total{verified="false"}',
        'portal_remote_errors_total{verified="false"}',
        'portal_remote_errors_total{verified="false"}',
      ]);
      expect(queries.join('\n')).not.toMatch(/portal_telemetry_clients_total|error_clients/);
    } finally {
      if (before === undefined) delete process.env.PORTAL_PROMETHEUS_URL;
      else process.env.PORTAL_PROMETHEUS_URL = before;
      prometheus.close();
    }
  });
});
