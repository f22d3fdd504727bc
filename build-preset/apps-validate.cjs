// @ts-check
/**
 * The one validator of apps.json (issue 37, item 4). Every tool builds paths, nginx `listen`
 * lines, Origin regular expressions, CSP lists and Compose services from this list, so a value
 * that is not what it claims to be (a port of `"3005; #|.*"`, an app named `../../tmp/x`, a
 * prefix `/`) changes the deployment's security, not just its layout. build-preset/apps.cjs runs
 * it when it loads the list, so every reader (builds, `npm start`, `start:nginx`, the release
 * and compose scripts, Jest, ESLint) refuses a bad list before writing anything; `new:remote` and
 * `release:remote --new` run it on the list they are about to make. apps.schema.json says the
 * same for editors (deploy/test/apps-validate.test.ts holds the two equal).
 */

/** A remote's folder (and, with `_` for `-`, its federation container name): no dots, no slashes. */
const REMOTE_NAME = /^mfe-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** The host's folder: the same words without the `mfe-` of a remote. */
const HOST_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** Folder names stay short: they become image tags, variables and nginx prefix folders. */
const NAME_MAX = 40;
/** A route prefix: one or more lower-case segments; no `/` alone, trailing slash, dot or escape. */
const PREFIX = /^(?:\/[a-z][a-z0-9-]*)+$/;
const PREFIX_MAX = 64;
/**
 * A release folder name (`release:remote --id`, and the folders nginx's `$portal_release_folder`
 * map names): the same characters as that map, never `.` or `..`.
 */
const RELEASE_ID = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,64}$/;
const PORT_MIN = 1024;
/** The sandbox API's own default: reserved for apps, and the one reserved port sandboxPort may take. */
const SANDBOX_DEFAULT_PORT = 4000;
const PORT_MAX = 65535;

/**
 * Ports the suite binds besides the apps' own (grep of scripts/, deploy/ and e2e/): an app there
 * would fail to start, or take a service's place.
 * @type {ReadonlyMap<number, string>}
 */
const RESERVED_PORTS = new Map([
  [SANDBOX_DEFAULT_PORT, "the sandbox API's default port"],
  [4010, "the telemetry receiver's port (scripts/telemetry.mjs)"],
  [4011, "the session handoff exchange's port (scripts/nginx-config.mjs)"],
  [9090, "Prometheus's port (scripts/telemetry.mjs)"],
  [3010, "the benchmark's control build's port (scripts/bench-deep-link.mjs)"],
  [5000, "the end-to-end tests' foreign page's port (e2e/tests/security-probes.spec.ts)"],
  [5555, "the end-to-end tests' same-host page's port (e2e/engines/journeys.mjs)"],
  [5556, "the end-to-end tests' foreign site's port (e2e/engines/journeys.mjs)"],
  // start:nginx --replicas N (scripts/nginx-config.mjs, replicaLayout): the handoff exchanges,
  // the telemetry receivers and Redis, at the sandbox's port + 21.., + 31.., + 2390.
  [4021, "a session handoff replica's port (start:nginx --replicas)"],
  [4022, "a session handoff replica's port (start:nginx --replicas)"],
  [4031, "a telemetry receiver replica's port (start:nginx --replicas)"],
  [4032, "a telemetry receiver replica's port (start:nginx --replicas)"],
  [6390, "the replicas' Redis port (start:nginx --replicas)"],
]);

/**
 * Paths the servers answer themselves, on every app's origin (deploy/nginx/*.conf*,
 * scripts/static-server.mjs, the host's own routes, the deployment's folders): a remote owning
 * one would take it from the server or the host, or be shadowed by it.
 * @type {ReadonlyMap<string, string>}
 */
const RESERVED_PREFIXES = new Map([
  ['/driver-api', 'the driver-data proxy'],
  ['/telemetry', "field telemetry's beacons"],
  ['/session-handoff', "the session handoff's exchange"],
  ['/releases', "a remote's published releases"],
  ['/statement', "the statement service's proxy"],
  ['/signout', 'the sign-out page (signout.html)'],
  ['/env', 'the runtime configuration (env.json)'],
  ['/remotes', "the host's remote list (remotes.json)"],
  ['/canary', "the canary cohorts' release links"],
  ['/current', 'the live release folder'],
  ['/app', "the host's home (/App)"],
  ['/sair', "the host's sign-out route (/Sair)"],
  ['/login', "the host's login route (/Login)"],
  ['/static', "the builds' static files"],
  ['/provided-shared', 'what the host provides to remotes (provided-shared.json)'],
  ['/mf-manifest', "an app's federation manifest (mf-manifest.json)"],
  ['/remoteentry', "a remote's container (remoteEntry.js)"],
  ['/navigation', "a remote's home tiles (navigation.json)"],
  ['/index', "an app's page (index.html)"],
  ['/metrics', "the telemetry receiver's metrics"],
  ['/health', "the services' health checks"],
]);

const TOP_KEYS = ['$schema', 'host', 'remotes', 'sandboxPort'];
const HOST_KEYS = ['app', 'port'];
const REMOTE_KEYS = ['app', 'port', 'prefixes', 'camera'];

/** A value as a message shows it: JSON, so a string's quotes and odd characters are visible. */
const shown = (/** @type {unknown} */ value) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

const isObject = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether two prefixes share a path: equal, or one is the other plus more segments. */
function prefixesOverlap(/** @type {string} */ a, /** @type {string} */ b) {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
}

/** Why a release id cannot name a release folder, or undefined. */
function releaseIdProblem(/** @type {unknown} */ id) {
  if (typeof id !== 'string' || !RELEASE_ID.test(id))
    return `${shown(id)} is not a release id (1 to 64 letters, digits, ".", "_" or "-"; not "." or "..")`;
  return undefined;
}

/** Why a port value is unusable on its own, or undefined. */
function portProblem(/** @type {unknown} */ port) {
  if (typeof port !== 'number' || !Number.isInteger(port)) return `${shown(port)} is not an integer port`;
  if (port < PORT_MIN || port > PORT_MAX) return `${port} is outside ${PORT_MIN}-${PORT_MAX}`;
  return undefined;
}

/**
 * Every problem of a list of apps, each `<label> <field>: <reason>`, e.g.
 * `apps.json remotes[4].port: "3005; #|.*" is not an integer port`. Empty when the list is valid.
 * @param {unknown} suite the parsed apps.json
 * @param {string} [label] how messages name the list
 * @returns {string[]}
 */
function appsProblems(suite, label = 'apps.json') {
  /** @type {string[]} */
  const problems = [];
  const say = (/** @type {string} */ field, /** @type {string} */ reason) => problems.push(`${label} ${field}: ${reason}`);
  if (!isObject(suite)) {
    say('(top)', 'is not an object with host, remotes and sandboxPort');
    return problems;
  }
  const top = /** @type {Record<string, unknown>} */ (suite);
  for (const key of Object.keys(top)) if (!TOP_KEYS.includes(key)) say(key, 'unknown key');
  if (top.$schema !== undefined && typeof top.$schema !== 'string') say('$schema', `${shown(top.$schema)} is not a string`);

  /** @type {Map<number, string>} port -> owner */
  const ports = new Map();
  /** @type {Map<string, string>} app -> field */
  const names = new Map();

  const sandboxProblem =
    portProblem(top.sandboxPort) ??
    (RESERVED_PORTS.has(Number(top.sandboxPort)) && top.sandboxPort !== SANDBOX_DEFAULT_PORT
      ? `${top.sandboxPort} is ${RESERVED_PORTS.get(Number(top.sandboxPort))}`
      : undefined);
  if (top.sandboxPort === undefined) say('sandboxPort', 'is missing');
  else if (sandboxProblem) say('sandboxPort', sandboxProblem);
  else ports.set(/** @type {number} */ (top.sandboxPort), 'the sandbox API');

  /**
   * @param {Record<string, unknown>} entry
   * @param {string} field
   * @param {RegExp} pattern
   * @param {string} rule
   */
  const checkApp = (entry, field, pattern, rule) => {
    const app = entry.app;
    if (typeof app !== 'string' || !pattern.test(app) || app.length > NAME_MAX) say(`${field}.app`, `${shown(app)} is not ${rule}`);
    else if (names.has(app)) say(`${field}.app`, `${shown(app)} is listed twice (also ${names.get(app)})`);
    else names.set(app, field);
    const port = entry.port;
    const problem = port === undefined ? 'is missing' : portProblem(port);
    if (problem) say(`${field}.port`, problem);
    else if (RESERVED_PORTS.has(/** @type {number} */ (port)) || port === top.sandboxPort)
      say(`${field}.port`, `${port} is ${RESERVED_PORTS.get(/** @type {number} */ (port)) ?? "the sandbox API's port (sandboxPort)"}`);
    else if (ports.has(/** @type {number} */ (port))) say(`${field}.port`, `${port} is ${ports.get(/** @type {number} */ (port))}'s port`);
    else ports.set(/** @type {number} */ (port), typeof app === 'string' ? app : field);
  };

  if (!isObject(top.host)) say('host', `${shown(top.host)} is not an object with app and port`);
  else {
    const host = /** @type {Record<string, unknown>} */ (top.host);
    for (const key of Object.keys(host)) if (!HOST_KEYS.includes(key)) say(`host.${key}`, 'unknown key');
    checkApp(host, 'host', HOST_NAME, 'a folder name (lower-case words joined by "-", no dots or slashes)');
  }

  if (!Array.isArray(top.remotes)) {
    say('remotes', `${shown(top.remotes)} is not a list`);
    return problems;
  }
  /** @type {Array<{ prefix: string, app: string }>} */
  const owned = [];
  top.remotes.forEach((/** @type {unknown} */ value, /** @type {number} */ index) => {
    const field = `remotes[${index}]`;
    if (!isObject(value)) {
      say(field, `${shown(value)} is not an object with app, port and prefixes`);
      return;
    }
    const entry = /** @type {Record<string, unknown>} */ (value);
    for (const key of Object.keys(entry)) if (!REMOTE_KEYS.includes(key)) say(`${field}.${key}`, 'unknown key');
    checkApp(entry, field, REMOTE_NAME, 'a remote\'s folder name (mfe-<name>: lower-case letters and digits, words joined by "-")');
    if (entry.camera !== undefined && typeof entry.camera !== 'boolean')
      say(`${field}.camera`, `${shown(entry.camera)} is not true or false`);
    const app = typeof entry.app === 'string' ? entry.app : field;
    if (!Array.isArray(entry.prefixes) || entry.prefixes.length === 0) {
      say(`${field}.prefixes`, `${shown(entry.prefixes)} is not a non-empty list of paths`);
      return;
    }
    entry.prefixes.forEach((/** @type {unknown} */ prefix, /** @type {number} */ at) => {
      const where = `${field}.prefixes[${at}]`;
      if (typeof prefix !== 'string' || !PREFIX.test(prefix) || prefix.length > PREFIX_MAX) {
        say(where, `${shown(prefix)} is not a path prefix ("/" and lower-case segments of letters, digits and "-", e.g. "/rewards")`);
        return;
      }
      const reserved = [...RESERVED_PREFIXES].find(([path]) => prefixesOverlap(prefix, path));
      if (reserved) {
        say(where, `${shown(prefix)} overlaps ${reserved[0]}, reserved for ${reserved[1]}`);
        return;
      }
      const other = owned.find((earlier) => prefixesOverlap(prefix, earlier.prefix));
      if (other) say(where, `${shown(prefix)} overlaps ${other.prefix}, which belongs to ${other.app}`);
      else owned.push({ prefix, app });
    });
  });
  return problems;
}

/** A list of apps that failed validation; `problems` holds one line per field. */
class AppsError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(problems.join('\n'));
    this.name = 'AppsError';
    this.problems = problems;
  }
}

/**
 * The list, if valid; else throws an AppsError naming every bad field.
 * @template T
 * @param {T} suite
 * @param {string} [label]
 * @returns {T}
 */
function checkApps(suite, label) {
  const problems = appsProblems(suite, label);
  if (problems.length > 0) throw new AppsError(problems);
  return suite;
}

/**
 * The JSON Schema of apps.json (apps.schema.json is this, written out; a test holds them equal).
 * What a schema cannot say (uniqueness of names and ports, prefixes overlapping each other) only
 * the validator checks.
 */
function appsSchema() {
  const reserved = [...RESERVED_PREFIXES.keys()].map((path) => path.slice(1)).join('|');
  const port = { type: 'integer', minimum: PORT_MIN, maximum: PORT_MAX };
  const appPort = { ...port, not: { enum: [...RESERVED_PORTS.keys()] } };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'apps.schema.json',
    title: "The driver portal's one list of apps",
    description: 'Checked by build-preset/apps-validate.cjs, which also refuses duplicate names and ports and overlapping prefixes.',
    type: 'object',
    additionalProperties: false,
    required: ['host', 'remotes', 'sandboxPort'],
    properties: {
      $schema: { type: 'string' },
      host: {
        type: 'object',
        additionalProperties: false,
        required: ['app', 'port'],
        properties: { app: { type: 'string', pattern: HOST_NAME.source, maxLength: NAME_MAX }, port: appPort },
      },
      remotes: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['app', 'port', 'prefixes'],
          properties: {
            app: { type: 'string', pattern: REMOTE_NAME.source, maxLength: NAME_MAX },
            port: appPort,
            prefixes: {
              type: 'array',
              minItems: 1,
              uniqueItems: true,
              items: { type: 'string', maxLength: PREFIX_MAX, pattern: `^(?!/(?:${reserved})(?:/|$))${PREFIX.source.slice(1)}` },
            },
            camera: { type: 'boolean' },
          },
        },
      },
      sandboxPort: { ...port, not: { enum: [...RESERVED_PORTS.keys()].filter((reservedPort) => reservedPort !== SANDBOX_DEFAULT_PORT) } },
    },
  };
}

module.exports = {
  AppsError,
  HOST_NAME,
  NAME_MAX,
  PREFIX,
  PREFIX_MAX,
  RELEASE_ID,
  REMOTE_NAME,
  RESERVED_PORTS,
  RESERVED_PREFIXES,
  appsProblems,
  appsSchema,
  checkApps,
  prefixesOverlap,
  releaseIdProblem,
};
