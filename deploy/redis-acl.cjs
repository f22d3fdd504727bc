// @ts-check
/**
 * The shared store's users (decision 0025): the rules of deploy/docker/redis-users.acl (one line
 * per service that uses Redis), the ACL file Redis loads from them, and the URL each service
 * connects with. One place for the rules: the redis image's entrypoint writes the same file from
 * the same lines (deploy/docker/redis-entrypoint.sh), the tests and `start:nginx --replicas` use
 * this module.
 *
 * A password is a secret of the deployment (Compose: PORTAL_REDIS_PASSWORD_HANDOFF from the
 * environment; Kubernetes: the Secret driver-portal-secrets; `start:nginx --replicas`: made once in
 * .deploy, 0600): 32 or more letters, digits, `-` or `_`, so it goes into a URL as it is and no
 * shell or YAML quoting changes it. The ACL file holds its SHA-256 only (`#<hex>`), never the
 * password.
 */
const { createHash, randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const RULES_FILE = join(__dirname, 'docker', 'redis-users.acl');
/** The key prefix the rules name (deploy/store.cjs's default, PORTAL_REDIS_PREFIX). */
const RULES_PREFIX = 'portal:';
const PASSWORD = /^[A-Za-z0-9_-]{32,}$/;

/** @typedef {{ name: string, rules: string }} RedisUser */

/** The users and their rules, as redis-users.acl lists them. @returns {RedisUser[]} */
function redisUsers(text = readFileSync(RULES_FILE, 'utf8')) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name = '', ...rules] = line.split(/\s+/);
      if (!/^[a-z][a-z0-9-]*$/.test(name) || rules.length === 0) throw new Error(`redis-users.acl: "${line}" is not "<user> <rules>"`);
      return { name, rules: rules.join(' ') };
    });
}

/** The environment variable that holds a user's password: PORTAL_REDIS_PASSWORD_HANDOFF for handoff. */
const passwordVariable = (/** @type {string} */ name) => `PORTAL_REDIS_PASSWORD_${name.toUpperCase().replace(/-/g, '_')}`;

/** Why a password cannot be used, or undefined. @param {string | undefined} password */
function passwordProblem(password) {
  if (password === undefined || password === '') return 'is not set';
  if (!PASSWORD.test(password)) return 'must be 32 or more letters, digits, - or _';
  return undefined;
}

/** A new random password (32 bytes, base64url: 43 characters). */
const newPassword = () => randomBytes(32).toString('base64url');

/**
 * Redis's ACL file for these users and passwords: `user default off` (no connection does anything
 * before AUTH with a user of the list), then each user on, with its password's SHA-256 and its
 * rules; `prefix` replaces the rules' key prefix. A user with no usable password throws, naming it.
 * @param {Record<string, string>} passwords user name -> password
 * @param {{ prefix?: string, users?: RedisUser[] }} [options]
 */
function aclFileText(passwords, { prefix = RULES_PREFIX, users = redisUsers() } = {}) {
  const lines = users.map(({ name, rules }) => {
    const password = passwords[name];
    const problem = passwordProblem(password);
    if (problem) throw new Error(`the Redis password of ${name} (${passwordVariable(name)}) ${problem}`);
    const hash = createHash('sha256')
      .update(/** @type {string} */ (password))
      .digest('hex');
    return `user ${name} on #${hash} ${rules.replaceAll(`~${RULES_PREFIX}*`, `~${prefix}*`)}`;
  });
  return `user default off\n${lines.join('\n')}\n`;
}

/**
 * The URL a service connects with (PORTAL_REDIS_URL): redis://<user>:<password>@<host>:<port>/<db>.
 * It carries the password: the services never print it (deploy/store.cjs's errors name the
 * store's state, not its URL).
 * @param {{ host: string, port: number | string, user: string, password: string, db?: number }} parts
 */
function redisUrl({ host, port, user, password, db = 0 }) {
  return `redis://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${db}`;
}

module.exports = { RULES_FILE, RULES_PREFIX, redisUsers, passwordVariable, passwordProblem, newPassword, aclFileText, redisUrl };
