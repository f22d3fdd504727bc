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
  'route-limit',
  'rate-limit',
  'client-quota',
] as const;
export type Rejection = (typeof REJECTIONS)[number];

/** A route as a pattern: `/my-account/init/:driverId`; a static segment has no digit (values are `:value`). */
const ROUTE = /^(?:\/(?:[A-Za-z][A-Za-z_.-]{0,39}|:[A-Za-z][A-Za-z0-9_]{0,29})?){1,6}$/;
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

/** What the receiver knows of the portal (apps.json and the host's remote list). */
export interface Portal {
  /** Route prefixes per remote container name; `host` is the shell's own pages (any route). */
  prefixes: ReadonlyMap<string, readonly string[]>;
  /** Whether `release` is one of `remote`'s releases (live, canary or recently so). */
  knowsRelease(remote: string, release: string): boolean;
}

export type Validation = { ok: true; event: AcceptedEvent } | { ok: false; reason: Rejection };

/**
 * An error message as it may be kept: the page scrubbed it already (scrubError); this does it
 * again, because a beacon can come from anywhere. Quoted text, e-mail addresses, tokens (a
 * `Bearer …`, a JWT, any long run of letters and digits), numbers (a CPF, a phone, a plate's
 * digits) and runs of capitalised words (a driver's name) go.
 */
export function scrubMessage(message: string): string {
  return message
    .replace(/(["'`“‘])[^"'`”’]*["'`”’]/g, '"…"')
    .replace(/[^\s@]+@[^\s@]+/g, '[email]')
    .replace(/\b(token|authorization|bearer)\b\S*(?:\s+(?!\[)\S+)?/gi, '$1 [token]')
    .replace(/\beyJ[\w-]*\.[\w-]*\.?[\w-]*/g, '[token]')
    .replace(/[A-Za-z0-9_-]{24,}/g, '[id]')
    .replace(/\d(?:[\d.\-/]|\s(?=\d))*/g, '#')
    .replace(/\p{Lu}[\p{Ll}'-]+(?:\s+(?:(?:da|de|do|das|dos|e)\s+)?\p{Lu}[\p{Ll}'-]+)+/gu, '[name]')
    .slice(0, 160);
}

/** The route, or the reason it is not one this remote has. */
export function routeOf(remote: string, route: string, portal: Portal): string | undefined {
  if (!ROUTE.test(route)) return undefined;
  const prefixes = portal.prefixes.get(remote);
  if (!prefixes) return undefined;
  if (remote === 'host') return route;
  return prefixes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`)) ? route : undefined;
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
  const route = routeOf(beacon.remote, beacon.route, portal);
  if (route === undefined) return { ok: false, reason: 'route' };
  const event: AcceptedEvent = { kind: beacon.kind, remote: beacon.remote, release: beacon.version, cohort: beacon.cohort, route };
  if (beacon.message !== undefined) event.message = scrubMessage(beacon.message);
  if (isVital) {
    event.metric = beacon.metric;
    event.value = beacon.value;
  }
  return { ok: true, event };
}
