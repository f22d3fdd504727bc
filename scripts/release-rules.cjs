// @ts-check
// The rules of a remote's release folders, kept apart from the script that moves files so they
// can be tested on their own (deploy/test/release-rules.test.ts).

/** How many releases before the live one stay as rollback targets, whatever their age. */
const ROLLBACK_DEPTH = 3;

/**
 * How long a release stays served after it stopped being live: a tab opened on it keeps loading
 * its lazy chunks while the driver stays in that area (it switches only at its next navigation
 * into the area), and a webview stays open for a whole shift. PORTAL_RELEASE_GRACE_MINUTES sets
 * it; 24 hours by default.
 * @param {NodeJS.ProcessEnv} env
 */
function graceMs(env) {
  const minutes = Number(env.PORTAL_RELEASE_GRACE_MINUTES ?? 24 * 60);
  if (!Number.isFinite(minutes) || minutes < 0) throw new Error('PORTAL_RELEASE_GRACE_MINUTES must be a number of minutes, 0 or more');
  return minutes * 60_000;
}

/**
 * The release folders that may be deleted now: not live, not one of the last ROLLBACK_DEPTH
 * releases of the history (rollback targets), and retired (stopped being live, or published and
 * never live) longer ago than the grace time. A release with no retirement time is kept: its
 * time is recorded first (see `retire`).
 * @param {{ releases: readonly string[], live: readonly string[], history: readonly string[], retiredAt: Record<string, number>, now: number, graceMs: number }} state
 * @returns {string[]}
 */
function expiredReleases({ releases, live, history, retiredAt, now, graceMs: grace }) {
  const kept = new Set([...live, ...history.slice(-ROLLBACK_DEPTH - 1)]);
  return releases.filter((id) => {
    if (kept.has(id)) return false;
    const retired = retiredAt[id];
    return retired !== undefined && now - retired > grace;
  });
}

/**
 * Retirement times after `live` became the set of live releases: a release that left it is
 * retired now; a live one has none; one never seen before (published, never live) is retired now.
 * @param {Record<string, number>} retiredAt
 * @param {readonly string[]} releases every release folder
 * @param {readonly string[]} live
 * @param {number} now
 * @returns {Record<string, number>}
 */
function retire(retiredAt, releases, live, now) {
  /** @type {Record<string, number>} */
  const next = {};
  for (const id of releases) if (!live.includes(id)) next[id] = retiredAt[id] ?? now;
  return next;
}

module.exports = { ROLLBACK_DEPTH, graceMs, expiredReleases, retire };
