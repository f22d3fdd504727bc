/**
 * Telemetry per remote version (issue 21): what a squad needs to see what its release does to
 * drivers, sent with `sendBeacon` to the collector of the runtime configuration (env.json's
 * `telemetry` of the environment; nothing is sent when it is unset).
 *
 * What is sent: the kind of event, the remote, its release and cohort, the route as a pattern
 * (`/my-account/init/:driverId`, never the values in it), and for an error its class and a
 * message stripped of digits, quoted text, e-mail addresses and the session's token. Never: the
 * token, a CPF or any number, names, what the driver typed, a stack trace or the address itself.
 */

export type TelemetryKind = 'load' | 'error' | 'load-failure' | 'refused' | 'vital';

export interface TelemetryEvent {
  kind: TelemetryKind;
  /** The remote's container name, or "host" for the shell's own pages. */
  remote: string;
  /** The release the page runs ("r-0123abcd" from its manifest URL), "unversioned" when none. */
  version: string;
  cohort: 'live' | 'canary';
  /** The route as a pattern: every path parameter's value replaced by its name. */
  route: string;
  /** Errors: the error's class and its scrubbed message. */
  message?: string;
  /** Web vitals. */
  metric?: 'LCP' | 'INP' | 'CLS';
  value?: number;
}

/** The release and cohort of a remote descriptor (its manifest URL names the release folder). */
export function releaseOf(remote: { manifest: string; canary?: unknown } | undefined): Pick<TelemetryEvent, 'version' | 'cohort'> {
  const version = remote ? (/\/releases\/([^/]+)\//.exec(remote.manifest)?.[1] ?? 'unversioned') : 'unversioned';
  return { version, cohort: remote?.canary ? 'canary' : 'live' };
}

/** `/my-account/init/3f6c…` with `{ driverId: '3f6c…' }` → `/my-account/init/:driverId`; any other digits go too. */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  const names = new Map(Object.entries(params).flatMap(([name, value]) => (value ? [[value, name] as const] : [])));
  return pathname
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      const name = names.get(decoded) ?? names.get(segment);
      if (name) return name === '*' ? ':rest' : `:${name}`;
      // A segment no route names as a parameter but with a number in it (a CPF, a phone) is one.
      return /\d/.test(decoded) ? ':value' : segment;
    })
    .join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * An error as it may leave the phone: its class and message, with quoted text (typed values,
 * names in messages), e-mail addresses, numbers (CPF, phone, card, ids) and any given secret
 * (the token) removed, at most 160 characters.
 */
export function scrubError(error: unknown, secrets: ReadonlyArray<string | undefined> = []): string {
  const kind = error instanceof Error ? error.name : typeof error;
  let message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  for (const secret of secrets) if (secret && secret.length >= 4) message = message.split(secret).join('[token]');
  message = message
    .replace(/(["'`“‘])[^"'`”’]*["'`”’]/g, '"…"')
    .replace(/[^\s@]+@[^\s@]+/g, '[email]')
    .replace(/\b(token|authorization|bearer)\b\S*/gi, '$1 [token]')
    .replace(/[A-Za-z0-9_-]{24,}/g, '[id]')
    .replace(/\d(?:[\d.\-/]|\s(?=\d))*/g, '#');
  return `${kind}: ${message}`.slice(0, 160);
}

export type BeaconSender = (url: string, body: string) => boolean;

export interface Telemetry {
  report(event: TelemetryEvent): void;
}

/** Off when there is no collector (or no sendBeacon): `report` then does nothing. */
export function createTelemetry(collector: string | undefined, send?: BeaconSender): Telemetry {
  const beacon: BeaconSender | undefined =
    send ?? (typeof navigator !== 'undefined' && navigator.sendBeacon ? (url, body) => navigator.sendBeacon(url, body) : undefined);
  if (!collector || !beacon) return { report: () => undefined };
  return {
    // One small beacon per event: text/plain, so no CORS preflight, and sent even while the page goes away.
    report: (event) => void beacon(collector, JSON.stringify({ ...event, at: Date.now() })),
  };
}
