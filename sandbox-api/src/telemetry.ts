/**
 * The telemetry collector of the sandbox (the host's beacons, host/src/telemetry): events kept in
 * memory, summarised per remote and release for `npm run release:status` and release:remote's
 * `--watch`. Only the fields the host sends are kept; anything else in a beacon is dropped.
 */

const KINDS = ['load', 'error', 'load-failure', 'refused', 'vital'] as const;
const METRICS = ['LCP', 'INP', 'CLS'] as const;

export interface CollectedEvent {
  kind: (typeof KINDS)[number];
  remote: string;
  version: string;
  cohort: 'live' | 'canary';
  route: string;
  message?: string;
  metric?: (typeof METRICS)[number];
  value?: number;
  at: number;
}

export interface ReleaseSummary {
  remote: string;
  version: string;
  cohort: 'live' | 'canary';
  loads: number;
  errors: number;
  /** null: errors without a load to count them against. */
  errorsPer1000Loads: number | null;
  loadFailures: number;
  refusals: number;
  lcpP75Ms: number | null;
  inpP75Ms: number | null;
  clsP75: number | null;
}

const MAX_EVENTS = 20_000;
const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : undefined);

/** A beacon's event, or undefined when it is not one. */
export function collectedEvent(raw: unknown, now = Date.now()): CollectedEvent | undefined {
  const event = (raw ?? {}) as Record<string, unknown>;
  const kind = KINDS.find((candidate) => candidate === event.kind);
  const remote = text(event.remote, 100);
  const version = text(event.version, 100);
  const route = text(event.route, 300);
  if (!kind || !remote || !version || route === undefined) return undefined;
  const collected: CollectedEvent = { kind, remote, version, cohort: event.cohort === 'canary' ? 'canary' : 'live', route, at: now };
  const message = text(event.message, 200);
  if (message !== undefined) collected.message = message;
  const metric = METRICS.find((candidate) => candidate === event.metric);
  if (metric && typeof event.value === 'number' && Number.isFinite(event.value)) {
    collected.metric = metric;
    collected.value = event.value;
  }
  return collected;
}

/** The 75th percentile (nearest rank), null without samples. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] ?? null;
}

export class TelemetryCollector {
  private events: CollectedEvent[] = [];

  add(raw: unknown): boolean {
    const event = collectedEvent(raw);
    if (!event) return false;
    this.events.push(event);
    if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
    return true;
  }

  list(): readonly CollectedEvent[] {
    return this.events;
  }

  clear(): void {
    this.events = [];
  }

  /** Per remote and release: loads, errors per 1,000 loads, load failures, refusals, p75 of the vitals. */
  summary(): ReleaseSummary[] {
    const groups = new Map<string, CollectedEvent[]>();
    for (const event of this.events) {
      const key = `${event.remote}\u0000${event.version}`;
      groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    return [...groups.values()].map((events) => {
      const first = events[0] as CollectedEvent;
      const count = (kind: CollectedEvent['kind']) => events.filter((event) => event.kind === kind).length;
      const vitals = (metric: CollectedEvent['metric']) =>
        events.flatMap((event) => (event.kind === 'vital' && event.metric === metric && event.value !== undefined ? [event.value] : []));
      const loads = count('load');
      const errors = count('error');
      return {
        remote: first.remote,
        version: first.version,
        cohort: events.some((event) => event.cohort === 'canary') ? 'canary' : 'live',
        loads,
        errors,
        errorsPer1000Loads: loads > 0 ? Math.round((errors / loads) * 1000 * 10) / 10 : errors > 0 ? null : 0,
        loadFailures: count('load-failure'),
        refusals: count('refused'),
        lcpP75Ms: p75(vitals('LCP')),
        inpP75Ms: p75(vitals('INP')),
        clsP75: p75(vitals('CLS')),
      };
    });
  }
}
