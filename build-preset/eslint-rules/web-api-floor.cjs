// @ts-check
/**
 * The browser floor for what eslint-plugin-compat does not see: the OPTIONS and option VALUES of
 * a Web API call and the EVENTS a page listens to (docs/browsers.md, "How the floor is proven").
 * eslint-plugin-compat reports an API (a global, a method, a constructor) the floor lacks; this
 * rule reports, from MDN's browser-compat-data (@mdn/browser-compat-data, "BCD"):
 *
 * - an option of a call, `f(…, { key: value })`, whose BCD subfeature (`options_<key>_parameter`,
 *   `init_<key>_parameter`, `<key>_option` or `<key>_parameter`, also under `options_parameter`)
 *   or whose string value's subfeature (`…_parameter.<value>`) the floor lacks, e.g.
 *   `createImageBitmap(blob, { imageOrientation: 'from-image' })` (Chromium 112; a TypeError on
 *   105-111). The call is found as a global function (`api.<f>`, `api.Window.<f>`), a
 *   constructor (`api.<C>.<C>`, `javascript.builtins.<C>.<C>`, `Intl.<C>`), a static method
 *   (`api.<C>.<m>_static`), a method of a receiver whose interface is known by name (RECEIVERS:
 *   `window`, `document`, `navigator`…) or, for any other receiver, of every BCD interface or
 *   built-in with a method of that name; a string argument that names a context
 *   (`getContext('2d', {…})`: `2d_context`) narrows the lookup to it;
 * - an event, `x.addEventListener('<event>', …)`, as `api.<Interface>.<event>_event` for a known
 *   receiver, else under every interface BCD lists it for.
 *
 * Where the receiver's interface is not known, a use is reported only when it is outside the
 * floor in EVERY interface BCD records it for (no report from a name that merely collides).
 * Not covered: options passed through a variable rather than an object literal, computed keys,
 * `on<event>` properties; CSS (scripts/css-floor.mjs) and syntax (es-check) are checked elsewhere.
 *
 * A use outside the floor passes when it is feature-detected: inside the branch of an `if`, a
 * `?:` or a `&&`/`||` whose test names the option, the value or the event (`'priority' in
 * Request.prototype`, `'onscrollend' in window`…; naming the API does not detect its option), or
 * on a line marked `// eslint-disable-next-line floor/web-api-options -- <the fallback>`. A `try`
 * does not count (catching the error is not a fallback by itself: that is how photos were
 * refused). The rule also reports a floor exception (this rule's or compat/compat's) that gives
 * no reason after ` -- `.
 *
 * A browser BCD has no data for, or data `null` (unknown) in, is not held against the use; a
 * support statement counts unless it needs a flag, a prefix or another name; a partial
 * implementation counts as support.
 */
const browserslist = require('browserslist');

/** @typedef {{ version_added: string | boolean | null, version_removed?: string | boolean | null, flags?: unknown[], prefix?: string, alternative_name?: string, partial_implementation?: boolean }} SupportStatement */
/** @typedef {{ support: Record<string, SupportStatement | SupportStatement[] | undefined> }} Compat */
/** @typedef {{ __compat?: Compat, [name: string]: any }} Feature */
/** @typedef {{ path: string, feature: Feature }} Located */

/** @type {{ api: Record<string, Feature>, javascript: { builtins: Record<string, Feature> }, __meta: { version: string } }} */
let bcdData;
/** BCD is 10+ MB of JSON: loaded on the first use only. */
function bcd() {
  bcdData ??= require('@mdn/browser-compat-data');
  return bcdData;
}

/**
 * browserslist's names (caniuse's) to BCD's. The Android WebView is the Chromium of its version
 * (docs/browsers.md): `chrome >= N` holds it to N; the WebKit of WKWebView is iOS Safari's.
 * @type {Record<string, string[]>}
 */
const BCD_BROWSERS = {
  chrome: ['chrome', 'webview_android'],
  and_chr: ['chrome_android'],
  safari: ['safari'],
  ios_saf: ['safari_ios', 'webview_ios'],
  firefox: ['firefox'],
  and_ff: ['firefox_android'],
  edge: ['edge'],
  samsung: ['samsunginternet_android'],
  android: ['webview_android'],
};

/** "16.4" < "16.10": numeric parts compared one by one. */
function compareVersions(/** @type {string} */ a, /** @type {string} */ b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** @type {Map<string, Record<string, string>>} */
const floorCache = new Map();
/**
 * The oldest version of each BCD browser a browserslist query (the floor) names, e.g.
 * `{ chrome: '105', webview_android: '105', safari_ios: '16.4', firefox: '115', … }`.
 * @param {string | readonly string[]} query
 * @returns {Record<string, string>}
 */
function floorVersions(query) {
  const key = JSON.stringify(query);
  const cached = floorCache.get(key);
  if (cached) return cached;
  /** @type {Record<string, string>} */
  const floor = {};
  for (const entry of browserslist(/** @type {string | string[]} */ (query))) {
    const [name = '', range = ''] = entry.split(' ');
    const version = range.split('-')[0] ?? range;
    for (const browser of BCD_BROWSERS[name] ?? []) {
      const known = floor[browser];
      if (known === undefined || compareVersions(version, known) < 0) floor[browser] = version;
    }
  }
  floorCache.set(key, floor);
  return floor;
}

/** `"≤12"` → 12; `true` → supported, version unknown; `false`/"preview" → not shipped; `null` → unknown. */
function parseAdded(/** @type {string | boolean | null | undefined} */ value) {
  if (value === true) return '0';
  if (value === false || value === 'preview') return undefined;
  if (value === null || value === undefined) return null;
  return value.replace(/^≤/, '');
}

/**
 * The floor's browsers (as "browser version") that lack a feature.
 * @param {Compat | undefined} compat
 * @param {Record<string, string>} floor
 * @returns {string[]}
 */
function unsupportedIn(compat, floor) {
  if (!compat) return [];
  const missing = [];
  for (const [browser, oldest] of Object.entries(floor)) {
    const data = compat.support[browser];
    if (data === undefined) continue;
    const statements = Array.isArray(data) ? data : [data];
    if (statements.some((s) => s.version_added === null)) continue;
    const supported = statements.some((s) => {
      if (s.flags || s.prefix || s.alternative_name) return false;
      const added = parseAdded(s.version_added);
      if (added === undefined) return false;
      if (added === null) return true;
      if (compareVersions(added, oldest) > 0) return false;
      const removed = typeof s.version_removed === 'string' ? s.version_removed.replace(/^≤/, '') : undefined;
      return removed === undefined || compareVersions(removed, oldest) > 0;
    });
    if (!supported) missing.push(`${browser} ${oldest}`);
  }
  return missing;
}

/** Receivers whose interface is known by their global name. */
const RECEIVERS = {
  window: 'Window',
  globalThis: 'Window',
  self: 'Window',
  document: 'Document',
  navigator: 'Navigator',
  location: 'Location',
  history: 'History',
  screen: 'Screen',
  performance: 'Performance',
  crypto: 'Crypto',
  localStorage: 'Storage',
  sessionStorage: 'Storage',
  visualViewport: 'VisualViewport',
};
/** `navigator.<x>` and `document.<x>` receivers. */
const MEMBER_RECEIVERS = {
  'navigator.mediaDevices': 'MediaDevices',
  'navigator.clipboard': 'Clipboard',
  'navigator.serviceWorker': 'ServiceWorkerContainer',
  'navigator.permissions': 'Permissions',
  'navigator.storage': 'StorageManager',
  'document.documentElement': 'HTMLElement',
  'document.body': 'HTMLElement',
  'document.head': 'HTMLElement',
};

/** @type {Map<string, Located[]> | undefined} */
let methodIndex;
/** @type {Map<string, Located[]> | undefined} */
let eventIndex;
/** Every interface's methods and events by name, built once. */
function indexes() {
  if (!methodIndex || !eventIndex) {
    methodIndex = new Map();
    eventIndex = new Map();
    const roots = [
      ...Object.entries(bcd().api).map(([name, feature]) => ({ path: `api.${name}`, feature })),
      ...Object.entries(bcd().javascript.builtins).map(([name, feature]) => ({ path: `javascript.builtins.${name}`, feature })),
    ];
    for (const { path, feature } of roots) {
      for (const [name, sub] of Object.entries(feature)) {
        if (name === '__compat' || typeof sub !== 'object') continue;
        const located = { path: `${path}.${name}`, feature: sub };
        const index = name.endsWith('_event') ? eventIndex : methodIndex;
        const key = name.endsWith('_event') ? name.slice(0, -'_event'.length) : name;
        index.set(key, [...(index.get(key) ?? []), located]);
      }
    }
  }
  return { methods: methodIndex, events: eventIndex };
}

/** @param {string} path @returns {Located | undefined} */
function at(path) {
  /** @type {any} */
  let node = bcd();
  for (const part of path.split('.')) {
    node = node?.[part];
    if (node === undefined) return undefined;
  }
  return typeof node === 'object' ? { path, feature: node } : undefined;
}

/** The expression without TypeScript's casts and non-null marks. @param {any} node */
function bare(node) {
  let current = node;
  while (
    current &&
    ['TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'TSTypeAssertion', 'ChainExpression'].includes(current.type)
  )
    current = current.expression;
  return current;
}

/** `a.b.c` as text when it is a plain chain of names. @param {any} node @returns {string | undefined} */
function dotted(node) {
  const n = bare(node);
  if (n?.type === 'Identifier') return n.name;
  if (n?.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    const object = dotted(n.object);
    return object === undefined ? undefined : `${object}.${n.property.name}`;
  }
  return undefined;
}

/** A property name: `a.b`, `a['b']`, `{ b: … }`, `{ 'b': … }`. @param {any} node @param {boolean} computed */
function keyName(node, computed) {
  if (!computed && node.type === 'Identifier') return node.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
}

/** The interface a receiver names, or undefined. @param {any} receiver @returns {string | undefined} */
function receiverInterface(receiver) {
  const name = dotted(receiver);
  if (name === undefined) return undefined;
  const known = /** @type {Record<string, string>} */ ({ ...RECEIVERS, ...MEMBER_RECEIVERS })[
    name.replace(/^(window|globalThis|self)\./, '')
  ];
  return known;
}

/**
 * The BCD features a call may be: one when the callee is known, several for a method of an
 * unknown receiver. @param {any} node a CallExpression or NewExpression @returns {Located[]}
 */
function calleeFeatures(node) {
  const callee = bare(node.callee);
  const { api, javascript } = bcd();
  const isNew = node.type === 'NewExpression';
  if (callee.type === 'Identifier') {
    const name = callee.name;
    if (isNew) return first([`api.${name}.${name}`, `javascript.builtins.${name}.${name}`]);
    if (api[name]?.__compat) return [{ path: `api.${name}`, feature: api[name] }];
    return first([`api.Window.${name}`]);
  }
  if (callee.type !== 'MemberExpression') return [];
  const method = keyName(callee.property, callee.computed);
  if (method === undefined) return [];
  const receiver = bare(callee.object);
  const receiverName = receiver.type === 'Identifier' ? receiver.name : undefined;
  // new Intl.DateTimeFormat(…), Intl.NumberFormat(…)
  if (receiverName === 'Intl') return first([`javascript.builtins.Intl.${method}.${method}`]);
  if (isNew) return [];
  if (receiverName && ['window', 'globalThis', 'self'].includes(receiverName) && api[method]?.__compat)
    return [{ path: `api.${method}`, feature: api[method] }];
  const iface = receiverInterface(receiver);
  const own = iface ? first([`api.${iface}.${method}`]) : [];
  if (own.length > 0) return own;
  if (receiverName && /^[A-Z]/.test(receiverName) && (api[receiverName] || javascript.builtins[receiverName])) {
    const statics = first([
      `api.${receiverName}.${method}_static`,
      `api.${receiverName}.${method}`,
      `javascript.builtins.${receiverName}.${method}`,
    ]);
    if (statics.length > 0) return statics;
  }
  return indexes().methods.get(method) ?? [];
}

/** The first of these BCD paths that exists, as a list of zero or one. @param {string[]} paths */
function first(paths) {
  for (const path of paths) {
    const found = at(path);
    if (found) return [found];
  }
  return [];
}

/** @param {Located | undefined} x @returns {x is Located} */
function isLocated(x) {
  return x !== undefined;
}

/** The subfeature that is option `key` of a call's feature. @param {Located} call @param {string} key */
function optionOf(call, key) {
  const names = [`options_${key}_parameter`, `init_${key}_parameter`, `${key}_option`, `${key}_parameter`];
  for (const name of names) {
    const found = child(call, name);
    if (found) return found;
  }
  // api.fetch.options_parameter.priority, javascript.builtins.Intl.DateTimeFormat.DateTimeFormat.options_parameter.options_timeZone_parameter
  for (const parent of ['options_parameter', 'init_parameter'].map((p) => child(call, p)).filter(isLocated)) {
    for (const name of [...names, key]) {
      const found = child(parent, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** @param {Located} parent @param {string} name @returns {Located | undefined} */
function child(parent, name) {
  const sub = Object.prototype.hasOwnProperty.call(parent.feature, name) ? parent.feature[name] : undefined;
  return sub && typeof sub === 'object' && name !== '__compat' ? { path: `${parent.path}.${name}`, feature: sub } : undefined;
}

/** Does an expression mention `name` (an identifier, a property, or inside a string)? @param {any} node @param {string} name */
function mentions(node, name) {
  let found = false;
  /** @param {any} n */
  const visit = (n) => {
    if (found || !n || typeof n.type !== 'string') return;
    if (n.type === 'Identifier' && n.name === name) found = true;
    else if (n.type === 'Literal' && typeof n.value === 'string' && n.value.includes(name)) found = true;
    else if (n.type === 'TemplateElement' && n.value.cooked?.includes(name)) found = true;
    if (found) return;
    for (const [key, value] of Object.entries(n)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(node);
  return found;
}

/**
 * Is `node` in the branch of a test that names one of `names`: `if (t) …`, `t ? … : …`,
 * `t && …`, `t || …` (the fallback side included: both sides of a detection are deliberate)?
 * @param {any} node @param {string[]} names
 */
function featureDetected(node, names) {
  for (let current = node, parent = node.parent; parent; current = parent, parent = parent.parent) {
    const test =
      (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') && parent.test !== current
        ? parent.test
        : parent.type === 'LogicalExpression' && parent.right === current
          ? parent.left
          : undefined;
    if (test && names.some((name) => mentions(test, name))) return true;
  }
  return false;
}

const FLOOR_RULES = /(^|[\s,])(floor\/web-api-options|compat\/compat)(?=$|[\s,])/;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Options, option values and events of Web APIs outside the browser floor (settings.browsers), from MDN's browser-compat-data",
    },
    schema: [],
    messages: {
      option:
        "{{what}} ({{path}}) is outside the browser floor: not in {{browsers}}. Detect it and keep a fallback, then mark the line '// eslint-disable-next-line floor/web-api-options -- <the fallback>' (docs/browsers.md).",
      event:
        "The '{{event}}' event ({{path}}) is outside the browser floor: not in {{browsers}}. Detect it ('on{{event}}' in …) and keep a fallback (docs/browsers.md).",
      reasonless: 'A browser-floor exception says what the fallback is: add " -- <the fallback>" to this directive.',
    },
  },
  create(context) {
    const query = /** @type {string | string[] | undefined} */ (context.settings?.browsers);
    if (!query) throw new Error('floor/web-api-options needs settings.browsers (the browserslist of the floor)');
    const floor = floorVersions(query);

    /**
     * Reports the first of `features` (alternatives for one use) when all of them are outside
     * the floor. @param {any} node @param {Located[]} features @param {string[]} names
     * @param {(found: Located, browsers: string) => import('eslint').Rule.ReportDescriptor} describe
     */
    function judge(node, features, names, describe) {
      if (features.length === 0) return;
      const verdicts = features.map((found) => ({ found, missing: unsupportedIn(found.feature.__compat, floor) }));
      if (verdicts.some((v) => v.missing.length === 0)) return;
      if (featureDetected(node, names)) return;
      const [first] = verdicts;
      if (first) context.report(describe(first.found, first.missing.join(', ')));
    }

    /** @param {any} node */
    function checkCall(node) {
      let calls = calleeFeatures(node);
      if (calls.length === 0) return;
      const callee = bare(node.callee);
      const method = callee.type === 'Identifier' ? callee.name : (keyName(callee.property, callee.computed) ?? '');
      for (const argument of node.arguments) {
        if (argument.type === 'Literal' && typeof argument.value === 'string') {
          // getContext('2d', { … }): the options are the context's.
          const contexts = calls.map((call) => child(call, `${argument.value}_context`)).filter(isLocated);
          if (contexts.length > 0) calls = contexts;
        }
        if (argument.type !== 'ObjectExpression') continue;
        for (const property of argument.properties) {
          if (property.type !== 'Property') continue;
          const key = keyName(property.key, property.computed);
          if (key === undefined) continue;
          const options = calls.map((call) => optionOf(call, key)).filter(isLocated);
          judge(property, options, [key], (found, browsers) => ({
            node: property.key,
            messageId: 'option',
            data: { what: `Option '${key}' of ${method}()`, path: found.path, browsers },
          }));
          const value = bare(property.value);
          if (value.type === 'Literal' && typeof value.value === 'string') {
            const values = options.map((option) => child(option, String(value.value))).filter(isLocated);
            judge(property, values, [String(value.value)], (found, browsers) => ({
              node: property.value,
              messageId: 'option',
              data: { what: `Value '${value.value}' of option '${key}' of ${method}()`, path: found.path, browsers },
            }));
          }
        }
      }
    }

    /** @param {any} node */
    function checkEvent(node) {
      const callee = bare(node.callee);
      if (callee.type !== 'MemberExpression' || keyName(callee.property, callee.computed) !== 'addEventListener') return;
      const [type] = node.arguments;
      if (type?.type !== 'Literal' || typeof type.value !== 'string') return;
      const event = type.value;
      const iface = receiverInterface(callee.object);
      const own = iface ? at(`api.${iface}.${event}_event`) : undefined;
      const features = own ? [own] : (indexes().events.get(event) ?? []);
      judge(node, features, [event], (found, browsers) => ({
        node: type,
        messageId: 'event',
        data: { event, path: found.path, browsers },
      }));
    }

    return {
      CallExpression(node) {
        checkCall(node);
        checkEvent(node);
      },
      NewExpression: checkCall,
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (!/^eslint-disable(-next-line|-line)?\s/.test(text)) continue;
          const [directive = '', reason] = text.split(/\s--\s/);
          if (FLOOR_RULES.test(directive) && !reason?.trim())
            context.report({ loc: comment.loc ?? { line: 1, column: 0 }, messageId: 'reasonless' });
        }
      },
    };
  },
};

module.exports = { rules: { 'web-api-options': rule }, floorVersions, unsupportedIn };
