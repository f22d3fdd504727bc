// @ts-check
/**
 * The canary's verdict from what Prometheus holds (docs/platform.md, "Field telemetry"), as
 * release:remote --watch and release:status decide it: wait, promote or roll back, and why in
 * plain words. Pure: the figures come from scripts/telemetry.mjs's PromQL.
 *
 * Beacons are unauthenticated, so the rules are built so that forged ones can delay a promotion
 * but not force one: no verdict before the canary has MIN_LOADS loads from MIN_CLIENTS distinct
 * clients (a client is an address, rate-limited by the receiver); no promotion while the
 * canary's share of the loads is far above its percentage (loads forged for the canary alone);
 * and errors or slow vitals, forged or not, can only hold it back or roll it back.
 */

/**
 * @typedef {{ loads: number, clients: number, errors: number, lcpP75Ms: number | null, inpP75Ms: number | null }} Figures
 * @typedef {{ minLoads: number, minClients: number, margin: number, vitalsMargin: number, lcpMs: number, inpMs: number, maxShareFactor: number }} Thresholds
 * @typedef {{ decision: 'wait' | 'promote' | 'rollback', reason: string }} Verdict
 */

/** The defaults, each an option of release:remote --watch and release:status (README, docs/platform.md). */
/** @type {Thresholds} */
const DEFAULT_THRESHOLDS = {
  // At 5 loads per driver a shift, 200 loads is about 40 drivers' shifts.
  minLoads: 200,
  minClients: 50,
  // Errors per 1,000 loads the canary may have above the live release.
  margin: 20,
  // p75 LCP and INP may be this much (%) above the live release's.
  vitalsMargin: 20,
  // Without live figures to compare: the web-vitals "good" limits.
  lcpMs: 2500,
  inpMs: 200,
  // The canary's share of all loads may be at most this many times its percentage.
  maxShareFactor: 2,
};

/** Errors per 1,000 loads (0 without loads). */
const perThousand = (/** @type {{ errors: number, loads: number }} */ figures) =>
  figures.loads > 0 ? (figures.errors / figures.loads) * 1000 : 0;

const round = (/** @type {number} */ value) => (value >= 10 ? Math.round(value) : Math.round(value * 10) / 10);

/**
 * @param {{ canary: Figures, live: Figures, percent: number, canaryId: string, liveId: string }} release
 * @param {Partial<Thresholds>} [options]
 * @returns {Verdict}
 */
function canaryVerdict({ canary, live, percent, canaryId, liveId }, options = {}) {
  const limits = { ...DEFAULT_THRESHOLDS, ...options };
  if (canary.loads < limits.minLoads || canary.clients < limits.minClients) {
    return {
      decision: 'wait',
      reason:
        `canary ${canaryId} has ${canary.loads} loads from ${canary.clients} clients so far; ` +
        `a verdict needs at least ${limits.minLoads} loads from ${limits.minClients} clients`,
    };
  }
  const canaryRate = perThousand(canary);
  const liveRate = perThousand(live);
  const allowed = liveRate + limits.margin;
  if (canaryRate > allowed) {
    return {
      decision: 'rollback',
      reason:
        `${canary.errors} errors in ${canary.loads} loads (${round(canaryRate)} per 1,000) against ` +
        `${round(liveRate)} per 1,000 for ${liveId}: more than the ${round(allowed)} allowed (margin ${limits.margin})`,
    };
  }
  for (const [name, canaryP75, liveP75, absolute] of /** @type {const} */ ([
    ['LCP', canary.lcpP75Ms, live.lcpP75Ms, limits.lcpMs],
    ['INP', canary.inpP75Ms, live.inpP75Ms, limits.inpMs],
  ])) {
    const limit = liveP75 === null ? absolute : liveP75 * (1 + limits.vitalsMargin / 100);
    if (canaryP75 !== null && canaryP75 > limit) {
      return {
        decision: 'rollback',
        reason: `p75 ${name} ${Math.round(canaryP75)} ms against ${liveP75 === null ? 'the limit of' : `${liveId}'s ${Math.round(liveP75)} ms +${limits.vitalsMargin} %, at most`} ${Math.round(limit)} ms`,
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
      `${canary.loads} loads from ${canary.clients} clients at ${round(canaryRate)} errors per 1,000 ` +
      `(${liveId}: ${round(liveRate)}), p75 LCP ${canary.lcpP75Ms === null ? '-' : `${Math.round(canary.lcpP75Ms)} ms`}, ` +
      `INP ${canary.inpP75Ms === null ? '-' : `${Math.round(canary.inpP75Ms)} ms`}: within every threshold`,
  };
}

/** Thresholds from command-line options (`--min-loads 200 --min-clients 50 --margin 20 ...`); the old `--clean-loads` is `--min-loads`. */
function thresholdsFromArgs(/** @type {readonly string[]} */ argv) {
  /** @type {Partial<Thresholds>} */
  const thresholds = {};
  const names = /** @type {const} */ ({
    '--min-loads': 'minLoads',
    '--clean-loads': 'minLoads',
    '--min-clients': 'minClients',
    '--margin': 'margin',
    '--vitals-margin': 'vitalsMargin',
    '--lcp-ms': 'lcpMs',
    '--inp-ms': 'inpMs',
    '--max-share-factor': 'maxShareFactor',
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
