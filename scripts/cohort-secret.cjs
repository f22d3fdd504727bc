// @ts-check
/**
 * The canary cohort's signing secret (PORTAL_COHORT_SECRET, docs/security.md "Canary cohorts")
 * for the scripts that render or serve with it. Issue 37, item 10: a 16-character secret was
 * accepted where the docs ask for 32; and each `release:remote --new`/`--remove` without one
 * re-rendered every app with a fresh random secret (each is its own process), dropping every
 * driver's cohort cookie mid-run. Now a short (or oddly spelled) secret is refused, and a
 * deployment without one makes one once and keeps it in its folder, readable by its owner only.
 */
const { chmodSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { randomBytes } = require('node:crypto');
const { dirname } = require('node:path');

/** At least 32 characters (256 bits of base64url), and only those: it is written into nginx's configuration as a quoted string. */
const SECRET = /^[A-Za-z0-9_-]{32,512}$/;
const MIN_LENGTH = 32;

/** Why a secret cannot sign cohorts, or undefined. @param {string} secret */
function cohortSecretProblem(secret) {
  if (secret.length < MIN_LENGTH)
    return `is ${secret.length} characters long; it needs ${MIN_LENGTH} or more (e.g. \`openssl rand -base64 48 | tr '+/' '-_' | tr -d '='\`)`;
  if (!SECRET.test(secret)) return 'may hold only letters, digits, "-" and "_" (up to 512 of them)';
  return undefined;
}

/**
 * PORTAL_COHORT_SECRET when set (refused, with the reason, when it is not a valid secret); else
 * the one in `file`, made once (mode 0600) by the first script of the deployment that needs it.
 * @param {{ env?: NodeJS.ProcessEnv, file: string }} options
 * @returns {string}
 */
function deploymentCohortSecret({ env = process.env, file }) {
  const given = env.PORTAL_COHORT_SECRET;
  if (given !== undefined) {
    const problem = cohortSecretProblem(given);
    if (problem) throw new Error(`PORTAL_COHORT_SECRET ${problem}`);
    return given;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': the first process to get here writes it; one that loses the race reads the winner's.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const kept = readFileSync(file, 'utf8').trim();
  const problem = cohortSecretProblem(kept);
  if (problem) throw new Error(`the deployment's cohort secret (${file}) ${problem}: delete the file to make a new one`);
  return kept;
}

module.exports = { MIN_LENGTH, cohortSecretProblem, deploymentCohortSecret };
