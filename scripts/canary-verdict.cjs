// @ts-check
/**
 * The canary's verdict from what Prometheus holds (docs/telemetry.md, "Field telemetry"), as
 * release:remote --watch and release:status decide it: wait, promote or roll back, and why in
 * plain words. Pure: the figures come from scripts/telemetry.mjs's PromQL.
 *
 * Every figure here is of verified beacons only: those that came with a driver proof the portal's
 * servers signed once the provider's token check accepted that driver's token, counted once per
 * driver and release, at most the driver's quota of loads and errors (telemetry/src/limits.ts;
 * docs/telemetry.md, "Forged beacons"; decision 0022). Beacons without a valid proof, from however
 * many addresses, are counted apart and never reach this verdict either way. A forger's weight is
 * the real drivers' sessions they hold, so still no figure they can raise may move a verdict
 * toward a promotion:
 * - no verdict before the canary has MIN_LOADS loads from MIN_DRIVERS distinct drivers;
 * - the bar the canary's errors are held to is the live release's rate over its HISTORY (a longer
 *   window before this one, which beacons sent now cannot change) when it has one, else its rate
 *   now, and never above the ceiling `maxErrorRate` whatever the live release's: errors forged
 *   for the live release (the one figure that raises the bar) move it at most to the ceiling,
 *   and not at all once there is history;
 * - the canary is held on errors per 1,000 loads and on drivers with errors per 1,000 drivers
 *   (errors counted by distinct drivers: one driver's flood is one driver), rolled back when
 *   either is over;
 * - no promotion while the live release's rate now jumps above its history (errors forged for
 *   it, or real trouble that makes the comparison meaningless), nor while the canary's share of
 *   the loads is far above its percentage (loads forged for the canary alone);
 * - errors and slow vitals, forged or not, can only hold the canary or roll it back;
 * - refusals (a host that will not run the canary's build) and load failures are judged first,
 *   without waiting for MIN_LOADS: a build every host refuses has no loads at all, so waiting
 *   for loads would wait for ever (issue 39). They only ever roll back, so a forger can at most
 *   cause a rollback (a delay), never a promotion.
 */

/**
 * @typedef {{ loads: number, drivers: number, errors: number, errorDrivers?: number }} Counts
 * @typedef {Counts & { lcpP75Ms: number | null, inpP75Ms: number | null, history?: Counts | null, refusals?: number, loadFailures?: number }} Figures
 * @typedef {{ minLoads: number, minDrivers: number, margin: number, driverMargin: number, maxErrorRate: number, maxErrorDriverRate: number, vitalsMargin: number, lcpMs: number, inpMs: number, maxShareFactor: number, minFailureDrivers: number, failureMargin: number, maxFailureRate: number }} Thresholds
 * @typedef {{ decision: 'wait' | 'promote' | 'rollback', reason: string }} Verdict
 */

/** The defaults, each an option of release:remote --watch and release:status (docs/telemetry.md, "The canary's verdict"). */
/** @type {Thresholds} */
const DEFAULT_THRESHOLDS = {
  // At 5 loads per driver a shift, 200 loads is about 40 drivers' shifts.
  minLoads: 200,
  minDrivers: 50,
  // Errors per 1,000 loads the canary may have above the live release.
  margin: 20,
  // Drivers with errors per 1,000 drivers the canary may have above the live release (10 % of
  // drivers: with 50 drivers, 5 more drivers with errors than the live release's share).
  driverMargin: 100,
  // Errors per 1,000 loads no canary may exceed, whatever the live release's rate (about 5 times
  // the portal's usual 10): the most forged live errors can raise the bar to.
  maxErrorRate: 50,
  // Drivers with errors per 1,000 drivers no canary may exceed (a quarter of its drivers), likewise.
  maxErrorDriverRate: 250,
  // p75 LCP and INP may be this much (%) above the live release's.
  vitalsMargin: 20,
  // Without live figures to compare: the web-vitals "good" limits.
  lcpMs: 2500,
  inpMs: 200,
  // The canary's share of all loads may be at most this many times its percentage.
  maxShareFactor: 2,
  // Refusals and load failures: judged once this many distinct drivers sent anything for the
  // canary (a refused build's drivers send only refusals). Far fewer than MIN_DRIVERS: a rollback
  // needs less proof than a promotion, and a canary no host runs must go within the first window.
  minFailureDrivers: 10,
  // Refused or failed loads per 1,000 attempts (loads + refusals + failures) the canary may have
  // above the live release's, and the most it may have whatever the live release's.
  failureMargin: 20,
  maxFailureRate: 100,
};

/** web-vitals' "poor" thresholds: the bar a canary's p75 is held to never goes above them. */
const POOR_MS = { LCP: 4000, INP: 500 };

/** Errors per 1,000 loads (0 without loads). */
const perThousand = (/** @type {Counts} */ figures) => (figures.loads > 0 ? (figures.errors / figures.loads) * 1000 : 0);
/** Drivers with errors per 1,000 drivers (0 without drivers). */
const driversPerThousand = (/** @type {Counts} */ figures) =>
  figures.drivers > 0 ? (Math.min(figures.errorDrivers ?? 0, figures.drivers) / figures.drivers) * 1000 : 0;

const round = (/** @type {number} */ value) => (value >= 10 ? Math.round(value) : Math.round(value * 10) / 10);

/**
 * @param {{ canary: Figures, live: Figures, percent: number, canaryId: string, liveId: string }} release
 * @param {Partial<Thresholds>} [options]
 * @returns {Verdict}
 */
function canaryVerdict({ canary, live, percent, canaryId, liveId }, options = {}) {
  const limits = { ...DEFAULT_THRESHOLDS, ...options };
  const failed = failureVerdict(canary, live, canaryId, liveId, limits);
  if (failed) return failed;
  if (canary.loads < limits.minLoads || canary.drivers < limits.minDrivers) {
    return {
      decision: 'wait',
      reason:
        `canary ${canaryId} has ${canary.loads} loads from ${canary.drivers} drivers so far; ` +
        `a verdict needs at least ${limits.minLoads} loads from ${limits.minDrivers} drivers`,
    };
  }
  // The bar: the live release's history when it has enough of one (beacons sent now cannot
  // change it), else its figures now; never above the ceiling.
  const history = live.history ?? null;
  const hasHistory = history !== null && history.loads >= limits.minLoads && history.drivers >= limits.minDrivers;
  const baseline = hasHistory && history ? history : live;
  const since = hasHistory ? ' (its history before this window)' : '';
  const canaryRate = perThousand(canary);
  const liveRate = perThousand(live);
  const baselineRate = perThousand(baseline);
  const allowed = Math.min(baselineRate + limits.margin, limits.maxErrorRate);
  if (canaryRate > allowed) {
    return {
      decision: 'rollback',
      reason:
        `${canary.errors} errors in ${canary.loads} loads (${round(canaryRate)} per 1,000) against ` +
        `${round(baselineRate)} per 1,000 for ${liveId}${since}: more than the ${round(allowed)} allowed ` +
        `(margin ${limits.margin}, ceiling ${limits.maxErrorRate})`,
    };
  }
  const canaryDriverRate = driversPerThousand(canary);
  const baselineDriverRate = driversPerThousand(baseline);
  const driverAllowed = Math.min(baselineDriverRate + limits.driverMargin, limits.maxErrorDriverRate);
  if (canaryDriverRate > driverAllowed) {
    return {
      decision: 'rollback',
      reason:
        `${canary.errorDrivers ?? 0} of ${canary.drivers} drivers had errors (${round(canaryDriverRate)} per 1,000) against ` +
        `${round(baselineDriverRate)} per 1,000 for ${liveId}${since}: more than the ${round(driverAllowed)} allowed (driver margin ${limits.driverMargin}, ceiling ${limits.maxErrorDriverRate})`,
    };
  }
  for (const [name, canaryP75, liveP75, absolute] of /** @type {const} */ ([
    ['LCP', canary.lcpP75Ms, live.lcpP75Ms, limits.lcpMs],
    ['INP', canary.inpP75Ms, live.inpP75Ms, limits.inpMs],
  ])) {
    // Never above web-vitals' "poor" limit: slow vitals sent for the live release raise its p75
    // (each driver counts 30 vitals a release), but not the bar past that.
    const limit = liveP75 === null ? absolute : Math.min(liveP75 * (1 + limits.vitalsMargin / 100), POOR_MS[name]);
    if (canaryP75 !== null && canaryP75 > limit) {
      return {
        decision: 'rollback',
        reason: `p75 ${name} ${Math.round(canaryP75)} ms against ${liveP75 === null ? 'the limit of' : `${liveId}'s ${Math.round(liveP75)} ms +${limits.vitalsMargin} %, at most`} ${Math.round(limit)} ms`,
      };
    }
  }
  // The live release's errors now far above its own history: forged for it (to raise the bar),
  // or real trouble; either way the comparison says nothing a promotion could rest on.
  if (hasHistory && history && live.loads >= limits.minLoads) {
    const historyRate = perThousand(history);
    const liveDriverRate = driversPerThousand(live);
    const historyDriverRate = driversPerThousand(history);
    if (liveRate > historyRate + limits.margin || liveDriverRate > historyDriverRate + limits.driverMargin) {
      return {
        decision: 'wait',
        reason:
          `promotion held: ${liveId} has ${round(liveRate)} errors per 1,000 loads (${round(liveDriverRate)} drivers with errors per 1,000) ` +
          `in this window against ${round(historyRate)} (${round(historyDriverRate)}) in its history: its rate jumped (forged errors?) until it comes back`,
      };
    }
  }
  // Only checked once the live release has enough loads to say what share the canary should get.
  const share = canary.loads / (canary.loads + live.loads);
  const maxShare = Math.min(1, (percent / 100) * limits.maxShareFactor);
  if (live.loads >= limits.minLoads && share > maxShare) {
    return {
      decision: 'wait',
      reason:
        `promotion held: the canary has ${Math.round(share * 100)} % of the loads for ${percent} % of drivers ` +
        `(at most ${Math.round(maxShare * 100)} %): loads not from its drivers (forged?) until the share comes back`,
    };
  }
  return {
    decision: 'promote',
    reason:
      `${canary.loads} loads from ${canary.drivers} drivers at ${round(canaryRate)} errors per 1,000 ` +
      `(${liveId}: ${round(liveRate)}), p75 LCP ${canary.lcpP75Ms === null ? '-' : `${Math.round(canary.lcpP75Ms)} ms`}, ` +
      `INP ${canary.inpP75Ms === null ? '-' : `${Math.round(canary.inpP75Ms)} ms`}: within every threshold`,
  };
}

/** Refused or failed loads of a release, and all its attempts (loads + refused + failed). */
const failuresOf = (/** @type {Figures} */ figures) => {
  const failures = (figures.refusals ?? 0) + (figures.loadFailures ?? 0);
  return { failures, attempts: figures.loads + failures };
};

/**
 * A rollback when the canary's loads are refused or fail far more often than the live
 * release's; undefined otherwise (the rest of the verdict decides).
 * @param {Figures} canary
 * @param {Figures} live
 * @param {string} canaryId
 * @param {string} liveId
 * @param {Thresholds} limits
 * @returns {Verdict | undefined}
 */
function failureVerdict(canary, live, canaryId, liveId, limits) {
  const ofCanary = failuresOf(canary);
  if (ofCanary.failures === 0 || canary.drivers < limits.minFailureDrivers) return undefined;
  const ofLive = failuresOf(live);
  const canaryRate = (ofCanary.failures / ofCanary.attempts) * 1000;
  const liveRate = ofLive.attempts > 0 ? (ofLive.failures / ofLive.attempts) * 1000 : 0;
  const allowed = Math.min(liveRate + limits.failureMargin, limits.maxFailureRate);
  if (canaryRate <= allowed) return undefined;
  return {
    decision: 'rollback',
    reason:
      `${canary.refusals ?? 0} refused and ${canary.loadFailures ?? 0} failed of ${ofCanary.attempts} loads from ${canary.drivers} drivers ` +
      `(${round(canaryRate)} per 1,000) against ${round(liveRate)} per 1,000 for ${liveId}: more than the ${round(allowed)} allowed ` +
      `(failure margin ${limits.failureMargin}, ceiling ${limits.maxFailureRate}); hosts do not run ${canaryId}`,
  };
}

/**
 * Thresholds from command-line options (`--min-loads 200 --min-drivers 50 --margin 20 ...`); the
 * old spellings still work: `--clean-loads` is `--min-loads`, and each `client` option (from
 * before verdicts counted drivers, decision 0022) is its `driver` one.
 */
function thresholdsFromArgs(/** @type {readonly string[]} */ argv) {
  /** @type {Partial<Thresholds>} */
  const thresholds = {};
  const names = /** @type {const} */ ({
    '--min-loads': 'minLoads',
    '--clean-loads': 'minLoads',
    '--min-drivers': 'minDrivers',
    '--min-clients': 'minDrivers',
    '--margin': 'margin',
    '--driver-margin': 'driverMargin',
    '--client-margin': 'driverMargin',
    '--max-error-rate': 'maxErrorRate',
    '--max-error-driver-rate': 'maxErrorDriverRate',
    '--max-error-client-rate': 'maxErrorDriverRate',
    '--vitals-margin': 'vitalsMargin',
    '--lcp-ms': 'lcpMs',
    '--inp-ms': 'inpMs',
    '--max-share-factor': 'maxShareFactor',
    '--min-failure-drivers': 'minFailureDrivers',
    '--min-failure-clients': 'minFailureDrivers',
    '--failure-margin': 'failureMargin',
    '--max-failure-rate': 'maxFailureRate',
  });
  for (const [flag, key] of Object.entries(names)) {
    const index = argv.indexOf(flag);
    if (index === -1) continue;
    const value = Number(argv[index + 1]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${flag} takes a number (got ${argv[index + 1]})`);
    thresholds[/** @type {keyof Thresholds} */ (key)] = value;
  }
  return thresholds;
}

module.exports = { DEFAULT_THRESHOLDS, canaryVerdict, thresholdsFromArgs };
