/**
 * The figures Prometheus scrapes from each receiver (prom-client). Label values are bounded:
 * remote by apps.json (plus "host"), release by the host's remote list (RECENT_RELEASES per
 * remote, plus "unversioned"), cohort live/canary, route by the routes each app declares plus
 * `other` (telemetry/src/routes.ts, at most MAX_ROUTES_PER_REMOTE + 1), reason by REJECTIONS.
 * docs/telemetry.md ("Field telemetry") adds up the series this makes.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { REJECTIONS, type AcceptedEvent, type Rejection } from './beacon';

const COUNTER_OF = {
  load: 'portal_remote_loads_total',
  error: 'portal_remote_errors_total',
  'load-failure': 'portal_remote_load_failures_total',
  refused: 'portal_remote_refusals_total',
} as const;

export class ReceiverMetrics {
  readonly registry = new Registry();
  private readonly counters: Record<keyof typeof COUNTER_OF, Counter<'remote' | 'release' | 'cohort' | 'route'>>;
  private readonly vitals: Record<'LCP' | 'INP' | 'CLS', Histogram<'remote' | 'release' | 'cohort'>>;
  private readonly clients: Counter<'remote' | 'release' | 'cohort'>;
  private readonly errorClients: Counter<'remote' | 'release' | 'cohort'>;
  private readonly rejected: Counter<'reason'>;

  constructor() {
    const labelNames = ['remote', 'release', 'cohort', 'route'] as const;
    const help = {
      load: 'Page loads of a remote (the host loading it, or its own page)',
      error: 'Errors thrown in a remote’s screens',
      'load-failure': 'Remotes that failed to load (network, missing files)',
      refused: 'Remote releases the host refused (incompatible with it)',
    };
    this.counters = Object.fromEntries(
      Object.entries(COUNTER_OF).map(([kind, name]) => [
        kind,
        new Counter({ name, help: help[kind as keyof typeof COUNTER_OF], labelNames, registers: [this.registry] }),
      ]),
    ) as ReceiverMetrics['counters'];
    // Vitals per release (what a canary verdict compares), not per route: each histogram series
    // is a dozen buckets.
    const histogram = (name: string, helpText: string, buckets: number[]) =>
      new Histogram({ name, help: helpText, labelNames: ['remote', 'release', 'cohort'], buckets, registers: [this.registry] });
    this.vitals = {
      LCP: histogram(
        'portal_remote_lcp_milliseconds',
        'Largest Contentful Paint of the landing page',
        [500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000, 15000],
      ),
      INP: histogram(
        'portal_remote_inp_milliseconds',
        'Interaction to Next Paint of the landing page',
        [50, 100, 150, 200, 300, 400, 500, 750, 1000, 2000],
      ),
      CLS: histogram('portal_remote_cls', 'Cumulative Layout Shift of the landing page', [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1]),
    };
    this.clients = new Counter({
      name: 'portal_telemetry_clients_total',
      help: 'Distinct clients (addresses) first seen per release in the receiver’s client window',
      labelNames: ['remote', 'release', 'cohort'],
      registers: [this.registry],
    });
    this.errorClients = new Counter({
      name: 'portal_telemetry_error_clients_total',
      help: 'Distinct clients (addresses) first seen with an error per release in the receiver’s client window',
      labelNames: ['remote', 'release', 'cohort'],
      registers: [this.registry],
    });
    this.rejected = new Counter({
      name: 'portal_telemetry_rejected_beacons_total',
      help: 'Beacons refused, by reason',
      labelNames: ['reason'],
      registers: [this.registry],
    });
    for (const reason of REJECTIONS) this.rejected.inc({ reason }, 0);
    // The receiver's own memory and CPU (process_resident_memory_bytes, …).
    collectDefaultMetrics({ register: this.registry });
  }

  count(event: AcceptedEvent): void {
    const { remote, release, cohort, route } = event;
    if (event.kind === 'vital') {
      if (event.metric && event.value !== undefined) this.vitals[event.metric].observe({ remote, release, cohort }, event.value);
      return;
    }
    this.counters[event.kind].inc({ remote, release, cohort, route });
  }

  countClient(event: AcceptedEvent): void {
    this.clients.inc({ remote: event.remote, release: event.release, cohort: event.cohort });
  }

  countErrorClient(event: AcceptedEvent): void {
    this.errorClients.inc({ remote: event.remote, release: event.release, cohort: event.cohort });
  }

  reject(reason: Rejection): void {
    this.rejected.inc({ reason });
  }
}
