import fc from 'fast-check';
import { canaryVerdict, thresholdsFromArgs, type Figures } from '../../scripts/canary-verdict.cjs';

const figures = (loads: number, clients: number, errors = 0, lcpP75Ms: number | null = 1800, inpP75Ms: number | null = 120): Figures => ({
  loads,
  clients,
  errors,
  lcpP75Ms,
  inpP75Ms,
});
const verdict = (canary: Figures, live: Figures, percent = 10, options = {}) =>
  canaryVerdict({ canary, live, percent, canaryId: 'r-new', liveId: 'r-old' }, options);

describe('the canary verdict', () => {
  it('waits, whatever the figures, until the canary has the minimum loads from the minimum clients', () => {
    expect(verdict(figures(199, 80, 199), figures(5000, 900))).toEqual({
      decision: 'wait',
      reason: 'canary r-new has 199 loads from 80 clients so far; a verdict needs at least 200 loads from 50 clients',
    });
    // Loads enough but from too few clients (one address flooding): no verdict either way.
    expect(verdict(figures(5000, 3, 0), figures(5000, 900)).decision).toBe('wait');
    expect(verdict(figures(5000, 3, 5000), figures(5000, 900)).decision).toBe('wait');
  });

  it('rolls back above the live error rate plus the margin, and says so in plain words', () => {
    expect(verdict(figures(400, 60, 20), figures(4000, 600, 8))).toEqual({
      decision: 'rollback',
      reason: '20 errors in 400 loads (50 per 1,000) against 2 per 1,000 for r-old: more than the 22 allowed (margin 20)',
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
      reason: '400 loads from 60 clients at 2.5 errors per 1,000 (r-old: 1), p75 LCP 1800 ms, INP 120 ms: within every threshold',
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
  const release = fc.record({ loads: count(3000), clients: count(400), errors: count(300) });

  it('property: errors, forged or not, never turn a verdict into a promotion', () => {
    fc.assert(
      fc.property(release, release, fc.integer({ min: 1, max: 99 }), count(500), (real, live, percent, forgedErrors) => {
        const before = verdict(figures(real.loads, real.clients, real.errors), figures(live.loads, live.clients, live.errors), percent);
        const after = verdict(
          figures(real.loads, real.clients, real.errors + forgedErrors),
          figures(live.loads, live.clients, live.errors),
          percent,
        );
        if (after.decision === 'promote') expect(before.decision).toBe('promote');
      }),
      { numRuns: 3000 },
    );
  });

  it('property: one forging address weighs what one clean driver does (the receiver counts its loads up to its quota, once as a client)', () => {
    // telemetry/src/limits.ts CLIENT_QUOTA.load: the most loads one address counts for a release in a window.
    const quota = 10;
    fc.assert(
      fc.property(release, release, fc.integer({ min: 1, max: 99 }), count(quota), count(500), (real, live, percent, loads, errors) => {
        const liveFigures = figures(live.loads, live.clients, live.errors);
        const forged = verdict(figures(real.loads + loads, real.clients + 1, real.errors + errors), liveFigures, percent);
        const oneDriver = verdict(figures(real.loads + loads, real.clients + 1, real.errors), liveFigures, percent);
        if (forged.decision === 'promote') expect(oneDriver.decision).toBe('promote');
      }),
      { numRuns: 3000 },
    );
  });

  it('reads its thresholds from options, --clean-loads being --min-loads', () => {
    expect(thresholdsFromArgs(['--canary', '10', '--min-loads', '5', '--min-clients', '1', '--margin', '50'])).toEqual({
      minLoads: 5,
      minClients: 1,
      margin: 50,
    });
    expect(thresholdsFromArgs(['--clean-loads', '1000'])).toEqual({ minLoads: 1000 });
    expect(() => thresholdsFromArgs(['--margin', 'lots'])).toThrow('--margin takes a number');
  });
});
