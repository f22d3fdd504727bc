/**
 * The figures Prometheus scrapes from each receiver (prom-client). Label values are bounded:
 * remote by apps.json (plus "host"), release by the host's remote list (RECENT_RELEASES per
 * remote, plus "unversioned"), cohort live/canary, route by the routes each app declares plus
 * `other` (telemetry/src/routes.ts, at most MAX_ROUTES_PER_REMOTE + 1), verified true/false (a
 * beacon with a valid driver proof or not: only `true` decides a canary, docs/telemetry.md
 * "Forged beacons"), reason by REJECTIONS, result by PROOF_RESULTS.
 * docs/telemetry.md ("Field telemetry") adds up the series this makes.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { REJECTIONS, type AcceptedEvent, type Rejection } from './beacon';

/** What a beacon's driver proof was: the values of `portal_telemetry_proofs_total{result}`. */
export const PROOF_RESULTS = ['valid', 'invalid', 'absent'] as const;
export type ProofResult = (typeof PROOF_RESULTS)[number];
/** The `verified` label: whether a beacon came with a valid driver proof. */
const verifiedLabel = (verified: boolean) => (verified ? 'true' : 'false');
type Labels = 'remote' | 'release' | 'cohort';

const COUNTER_OF = {
  load: 'portal_remote_loads_total',
  error: 'portal_remote_errors_total',
  'load-failure': 'portal_remote_load_failures_total',
  refused: 'portal_remote_refusals_total',
} as const;

export class ReceiverMetrics {
  readonly registry = new Registry();
  private readonly counters: Record<keyof typeof COUNTER_OF, Counter<Labels | 'route' | 'verified'>>;
  private readonly vitals: Record<'LCP' | 'INP' | 'CLS', Histogram<Labels | 'verified'>>;
  private readonly drivers: Counter<Labels>;
  private readonly errorDrivers: Counter<Labels>;
  private readonly unverifiedClients: Counter<Labels>;
  private readonly proofs: Counter<'result'>;
  private readonly rejected: Counter<'reason'>;

  constructor() {
    const labelNames = ['remote', 'release', 'cohort', 'route', 'verified'] as const;
    const help = {
      load: 'Page loads of a remote (the host loading it, or its own page); verified="true": from a driver proof',
      error: 'Errors thrown in a remote’s screens; verified="true": from a driver proof',
      'load-failure': 'Remotes that failed to load (network, missing files); verified="true": from a driver proof',
      refused: 'Remote releases the host refused (incompatible with it); verified="true": from a driver proof',
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
      new Histogram({ name, help: helpText, labelNames: ['remote', 'release', 'cohort', 'verified'], buckets, registers: [this.registry] });
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
    const perRelease = (name: string, helpText: string) =>
      new Counter({ name, help: helpText, labelNames: ['remote', 'release', 'cohort'], registers: [this.registry] });
    this.drivers = perRelease(
      'portal_telemetry_drivers_total',
      'Distinct drivers (driver proofs) first seen per release in the receiver’s one-hour window',
    );
    this.errorDrivers = perRelease(
      'portal_telemetry_error_drivers_total',
      'Distinct drivers (driver proofs) first seen with an error per release in the receiver’s one-hour window',
    );
    this.unverifiedClients = perRelease(
      'portal_telemetry_unverified_clients_total',
      'Distinct addresses first seen sending beacons without a valid driver proof per release in the one-hour window',
    );
    this.proofs = new Counter({
      name: 'portal_telemetry_proofs_total',
      help: 'Accepted beacons by their driver proof: valid, invalid (forged, altered, expired) or absent',
      labelNames: ['result'],
      registers: [this.registry],
    });
    for (const result of PROOF_RESULTS) this.proofs.inc({ result }, 0);
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

  /** Counts an event; `verified`: it came with a valid driver proof (only those decide a canary). */
  count(event: AcceptedEvent, verified: boolean): void {
    const { remote, release, cohort, route } = event;
    const label = verifiedLabel(verified);
    if (event.kind === 'vital') {
      if (event.metric && event.value !== undefined)
        this.vitals[event.metric].observe({ remote, release, cohort, verified: label }, event.value);
      return;
    }
    this.counters[event.kind].inc({ remote, release, cohort, route, verified: label });
  }

  /** A driver (a verified driver key) first seen for the event's release in the window. */
  countDriver(event: AcceptedEvent): void {
    this.drivers.inc({ remote: event.remote, release: event.release, cohort: event.cohort });
  }

  /** A driver first seen with an error for the event's release in the window. */
  countErrorDriver(event: AcceptedEvent): void {
    this.errorDrivers.inc({ remote: event.remote, release: event.release, cohort: event.cohort });
  }

  /** An address first seen sending beacons without a valid proof for the event's release in the window. */
  countUnverifiedClient(event: AcceptedEvent): void {
    this.unverifiedClients.inc({ remote: event.remote, release: event.release, cohort: event.cohort });
  }

  countProof(result: ProofResult): void {
    this.proofs.inc({ result });
  }

  reject(reason: Rejection): void {
    this.rejected.inc({ reason });
  }
}
