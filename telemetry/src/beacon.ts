/**
 * What a beacon may be (shared/src/telemetry/beacon.ts is what the host and the remotes' own
 * pages send): a strict schema, the portal's remotes and their releases only, route patterns
 * only, and a message with nothing of a driver's in it. Anything else is refused with a reason
 * from a short, fixed list (a metric label: its values are bounded too).
 */
import * as v from 'valibot';

/** The largest beacon accepted: an event with a 160-character message is about 350 bytes. */
export const MAX_BEACON_BYTES = 1024;

export const KINDS = ['load', 'error', 'load-failure', 'refused', 'vital'] as const;
export const METRICS = ['LCP', 'INP', 'CLS'] as const;

/** Why a beacon was refused: the values of `portal_telemetry_rejected_beacons_total{reason}`. */
export const REJECTIONS = [
  'origin',
  'method',
  'too-large',
  'not-json',
  'schema',
  'unknown-remote',
  'unknown-release',
  'route',
  'rate-limit',
  'client-quota',
  'driver-quota',
] as const;
export type Rejection = (typeof REJECTIONS)[number];

/** A release folder's name (scripts/nginx-config.mjs publish), or "unversioned". */
const RELEASE = /^[A-Za-z0-9._-]{1,64}$/;

const BeaconSchema = v.strictObject({
  kind: v.picklist(KINDS),
  remote: v.pipe(v.string(), v.maxLength(64)),
  version: v.pipe(v.string(), v.regex(RELEASE)),
  cohort: v.picklist(['live', 'canary']),
  route: v.pipe(v.string(), v.maxLength(160)),
  message: v.optional(v.pipe(v.string(), v.maxLength(200))),
  metric: v.optional(v.picklist(METRICS)),
  value: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000))),
  at: v.pipe(v.number(), v.finite(), v.integer(), v.minValue(0)),
});

export type Beacon = v.InferOutput<typeof BeaconSchema>;

/** An accepted event: what the metrics count (the message only for the error log). */
export interface AcceptedEvent {
  kind: Beacon['kind'];
  remote: string;
  release: string;
  cohort: Beacon['cohort'];
  route: string;
  message?: string;
  metric?: Beacon['metric'];
  value?: number;
}

/** What the receiver knows of the portal (apps.json, the apps' route tables and the host's remote list). */
export interface Portal {
  /** The remotes beacons may name: container names of apps.json, and `host` (the shell's own pages). */
  prefixes: ReadonlyMap<string, readonly string[]>;
  /** Whether `release` is one of `remote`'s releases (live, canary or recently so). */
  knowsRelease(remote: string, release: string): boolean;
  /** The route label of a beacon's route: a pattern `remote` declares, or `other` (telemetry/src/routes.ts). */
  routeLabel(remote: string, route: string): string;
}

export type Validation = { ok: true; event: AcceptedEvent } | { ok: false; reason: Rejection };

/**
 * Error classes kept as they are: the language's, the DOM's and the loaders' (the first word of
 * what scrubError sends, `TypeError: …`). Any other class becomes `Error` (a class name is
 * text a forger chooses too).
 */
const ERROR_CLASSES = new Set([
  'Error',
  'TypeError',
  'ReferenceError',
  'SyntaxError',
  'RangeError',
  'EvalError',
  'URIError',
  'AggregateError',
  'DOMException',
  'AbortError',
  'TimeoutError',
  'NetworkError',
  'NotAllowedError',
  'NotFoundError',
  'NotReadableError',
  'NotSupportedError',
  'SecurityError',
  'QuotaExceededError',
  'InvalidStateError',
  'DataCloneError',
  'ChunkLoadError',
  'ScriptExternalLoadError',
  'AxiosError',
  'CanceledError',
  'ValiError',
  'ValidationError',
  // scrubError's `typeof` of a thrown value that is no Error.
  'object',
  'string',
  'undefined',
]);

/**
 * The words an error message may keep: those of the engines', the network's, the loaders' and
 * the portal's own messages (English, and the platform's Portuguese error words), none of them
 * a name, a street or anything a driver types. Every other word becomes `*`.
 */
const MESSAGE_WORDS = new Set(
  `a an the of to in on at by for from with without is are was were be been not no cannot can could null undefined nan
  can't isn't doesn't don't won't true false object function property properties read reading set setting get call called constructor prototype length
  index out range maximum stack size exceeded invalid unexpected token end json input position parse parsing syntax
  failed fail failure fetch load loading loaded chunk chunks script css module modules import imported dynamically
  dynamic federation remote container shared scope version versions manifest entry network request response status
  timeout timed aborted abort operation user denied permission allowed access refused forbidden unauthorized
  unavailable server error errors exception code http https html element node child children document window navigator
  storage quota local session camera media stream device found missing expected required defined declared assignment
  const variable initialization before after while during rendering render hook hooks minified react router route
  routes lazy component components this that it its has have had does do did and or but if then else when unknown
  type types value values argument arguments parameter parameters string number array map filter reduce includes keys
  entries convert converting circular structure key uncaught unhandled rejection promise resolved rejected state update
  unmounted mounted memory too many much more less than message messages blocked mixed content canceled cancelled
  offline online retry again body used locked already closed open opened email id erro falha ao carregar tente
  novamente sessão expirada indisponível serviço servidor conexão sem internet tempo esgotado`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * An error message as it may be kept: the page scrubbed it already (scrubError); this does it
 * again, because a beacon can come from anywhere, and by what it keeps rather than what it
 * removes (no list of names and streets can be complete; a list of an error's words can): a
 * known class, the placeholders the page leaves (`[email]`, `[token]`, `[id]`, `#`, `"…"`),
 * MESSAGE_WORDS and plain punctuation. Any other word becomes `*`, a run of them one `*`; digits
 * become `#`; quoted text and e-mail addresses go as on the page.
 */
export function scrubMessage(message: string): string {
  const colon = message.indexOf(':');
  const head = colon === -1 ? '' : message.slice(0, colon).trim();
  const hasClass = /^[A-Za-z]{1,40}$/.test(head);
  const kind = hasClass ? (ERROR_CLASSES.has(head) ? head : 'Error') : undefined;
  const scrubbed = (hasClass ? message.slice(colon + 1) : message)
    .replace(/(["'`“‘])[^"'`”’]*["'`”’]/g, '"…"')
    .replace(/[^\s@]+@[^\s@]+/g, ' [email] ')
    .replace(/\d+/g, '#')
    .replace(/[\p{L}\p{M}_]+(?:['’-][\p{L}\p{M}_]+)*/gu, (word) => (MESSAGE_WORDS.has(word.toLowerCase()) ? word : '*'))
    .replace(/[^\p{L}\p{M}_*#"…\s.,:;()[\]{}!?=<>/-]/gu, '')
    .replace(/\*(?:[\s'’-]*\*)+/g, '*')
    .replace(/\s+/g, ' ')
    .trim();
  return (kind === undefined ? scrubbed : `${kind}: ${scrubbed}`).slice(0, 160);
}

/** A beacon's body (already within MAX_BEACON_BYTES) as an event, or why it is refused. */
export function validateBeacon(body: string, portal: Portal): Validation {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const parsed = v.safeParse(BeaconSchema, raw);
  if (!parsed.success) return { ok: false, reason: 'schema' };
  const beacon = parsed.output;
  // A vital has its metric and value; nothing else has either; only failures carry a message.
  const isVital = beacon.kind === 'vital';
  if (isVital !== (beacon.metric !== undefined) || isVital !== (beacon.value !== undefined)) return { ok: false, reason: 'schema' };
  if (beacon.message !== undefined && (beacon.kind === 'load' || isVital)) return { ok: false, reason: 'schema' };
  if (!portal.prefixes.has(beacon.remote)) return { ok: false, reason: 'unknown-remote' };
  if (!portal.knowsRelease(beacon.remote, beacon.version)) return { ok: false, reason: 'unknown-release' };
  // A path, never a label as it is: the declared pattern it matches, or `other`.
  if (!beacon.route.startsWith('/')) return { ok: false, reason: 'route' };
  const route = portal.routeLabel(beacon.remote, beacon.route);
  const event: AcceptedEvent = { kind: beacon.kind, remote: beacon.remote, release: beacon.version, cohort: beacon.cohort, route };
  if (beacon.message !== undefined) event.message = scrubMessage(beacon.message);
  if (isVital) {
    event.metric = beacon.metric;
    event.value = beacon.value;
  }
  return { ok: true, event };
}
