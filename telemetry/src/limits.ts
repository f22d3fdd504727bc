/**
 * What one client can do to the figures. For the rate limit (a cheap first gate, never what makes
 * a beacon count) a client is an address as deploy/client-address.cjs keys it (IPv4, or an IPv6
 * /64). For the quotas it is the driver key of a beacon's valid driver proof (the verified figures
 * a canary verdict reads: one driver, however many addresses), or the address for beacons without
 * one (counted apart, docs/telemetry.md "Forged beacons"). Either is hashed with a salt of this
 * process into a 30-bit number, so no address or driver key is ever kept or exported and every
 * key is a small integer V8 stores unboxed. Two clients may share a number (about 5 pairs among
 * 100,000 clients): they then share a bucket and a quota, which only counts less (a verdict waits
 * longer, it is never hurried).
 *
 * Memory is bounded by construction, whatever arrives (docs/telemetry.md, "Field telemetry"):
 *   - RateLimiter: at most `maxClients` buckets (100,000), least recently used evicted first;
 *     about 90 bytes each in V8 (a Map entry, an object of two doubles): about 9 MB.
 *   - ClientLedger: at most `maxEntries` (200,000) per generation, two generations, each entry a
 *     number key and a packed number of counts: about 40 bytes each, so about 16 MB; the receiver
 *     keeps two (addresses, driver keys), so about 32 MB.
 * So about 41 MB of live client state at most, above the process's own 80 to 100 MB (Node, tsx,
 * prom-client; its series are bounded by their labels, telemetry/src/metrics.ts); with V8's heap
 * headroom, about 200 MB resident at worst (a forger without proofs fills only the address
 * ledger; filling the drivers' one takes 200,000 drivers' sessions). Measured before the drivers'
 * ledger (telemetry/bench/flood.ts, 60 s on this
 * 2-core machine): 85 MB before, 143 MB after 192,000 beacons each from a new client through a
 * trusted proxy (the limiter full, the ledger's generation at 96 %); a direct caller with a new
 * X-Real-IP per request is one client (15 of 39,387 beacons accepted). Everything here may be
 * lost at any time: a lost bucket lets a client send one more burst, a lost ledger generation
 * counts a client twice in one window.
 */
import { createHash, randomBytes } from 'node:crypto';

const SALT = randomBytes(16);
const KEY_MASK = 0x3fffffff;

/** A client (deploy/client-address.cjs clientAddress, or a verified driver key) as an opaque 30-bit number. */
export function clientKey(client: string): number {
  return createHash('sha256').update(SALT).update(client).digest().readUInt32BE(0) & KEY_MASK;
}

/** FNV-1a of a group and a client key, 30 bits: the ledger's key. */
function ledgerKey(group: string, client: number): number {
  let hash = 0x811c9dc5 ^ client;
  for (let index = 0; index < group.length; index += 1) {
    hash ^= group.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= client >>> 15;
  return Math.imul(hash, 0x01000193) & KEY_MASK;
}

export interface RateLimitOptions {
  /** Beacons a client may send at once (a page load sends its load, its vitals and maybe an error or two). */
  burst: number;
  /** Beacons per minute a client gets back after its burst. */
  perMinute: number;
  /** The most clients tracked; past it the least recently seen is forgotten (it gets a fresh burst if it comes back). */
  maxClients: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 40, perMinute: 20, maxClients: 100_000 };

/** A token bucket per client, in a map kept in order of last use (an LRU). */
export class RateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT) {}

  /** Takes one beacon from the client's bucket; false when it is empty. */
  take(client: number, now = Date.now()): boolean {
    const { burst, perMinute, maxClients } = this.options;
    const bucket = this.buckets.get(client);
    const tokens = bucket ? Math.min(burst, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute) : burst;
    if (bucket) this.buckets.delete(client);
    else if (this.buckets.size >= maxClients) {
      // Full: the least recently seen client goes (Map iterates in insertion order).
      const oldest = this.buckets.keys().next();
      if (!oldest.done) this.buckets.delete(oldest.value);
    }
    const allowed = tokens >= 1;
    this.buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Forgets clients whose bucket is full again (the same as never seen). */
  prune(now = Date.now()): void {
    const { burst, perMinute } = this.options;
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 60_000) * perMinute >= burst) this.buckets.delete(client);
    }
  }
}

export type CountedKind = 'load' | 'vital' | 'error' | 'load-failure' | 'refused';

/**
 * What one client counts for one release in a window: a driver makes about 5 loads a shift; an
 * error more than a few times from one driver is one driver's trouble, not the release's (and a
 * forger's errors weigh what one driver's do).
 */
export const CLIENT_QUOTA: Readonly<Record<CountedKind, number>> = { load: 10, vital: 30, error: 5, 'load-failure': 5, refused: 5 };

/** Where each kind's count sits in an entry's packed number (5 bits each: every quota is below 32). */
const SHIFT: Readonly<Record<CountedKind, number>> = { load: 0, vital: 5, error: 10, 'load-failure': 15, refused: 20 };
const countOf = (entry: number, kind: CountedKind) => (entry >>> SHIFT[kind]) & 31;

export interface Recorded {
  /** The client's first beacon for the group in this window or the one before. */
  firstSighting: boolean;
  /** The client's first error for the group (this window or the one before): a distinct client with errors. */
  firstError: boolean;
  /** Whether the beacon counts (within the client's quota). */
  counts: boolean;
}

/**
 * What each client counted for each release in this window (two generations: the current
 * window and the one before, so a client is counted once across a window's edge). The receiver
 * keeps two: one of driver keys, which makes `portal_telemetry_drivers_total` and
 * `portal_telemetry_error_drivers_total` grow once per driver and release, and one of addresses
 * for beacons without a valid proof (`portal_telemetry_unverified_clients_total`). Each caps what
 * one client adds to each of a release's counters (CLIENT_QUOTA): one driver weighs what one
 * driver does, however many addresses and beacons it sends from. At
 * most `maxEntries` entries a generation; past it new clients are not counted and their loads
 * and vitals not either (a verdict waits longer, it is never hurried); their failures still count
 * (they can only hold a canary back).
 */
export class ClientLedger {
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  private startedAt: number;

  constructor(
    private readonly windowMs = 60 * 60_000,
    private readonly maxEntries = 200_000,
    now = Date.now(),
  ) {
    this.startedAt = now;
  }

  get size(): number {
    return this.current.size + this.previous.size;
  }

  /**
   * Records one beacon of `kind` from `client` for `group` (remote, release, cohort).
   * `unlimited`: no quota (an exempt address).
   */
  record(group: string, client: number, kind: CountedKind, now = Date.now(), unlimited = false): Recorded {
    if (now - this.startedAt >= this.windowMs) {
      // A whole window without a beacon: the one before is gone too.
      this.previous = now - this.startedAt >= 2 * this.windowMs ? new Map() : this.current;
      this.current = new Map();
      this.startedAt = now;
    }
    const key = ledgerKey(group, client);
    let entry = this.current.get(key);
    const before = this.previous.get(key);
    const firstSighting = entry === undefined && before === undefined;
    const firstError = kind === 'error' && countOf(entry ?? 0, 'error') === 0 && countOf(before ?? 0, 'error') === 0;
    if (entry === undefined) {
      if (this.current.size >= this.maxEntries) {
        const failure = kind !== 'load' && kind !== 'vital';
        return { firstSighting: false, firstError: false, counts: failure };
      }
      // Each window gives a fresh quota; a client of the window before is not a new client.
      entry = 0;
    }
    const count = countOf(entry, kind);
    const counts = unlimited || count < CLIENT_QUOTA[kind];
    // An exempt client's count stops at the field's top; its beacons still count.
    if (count < 31) entry += 1 << SHIFT[kind];
    this.current.set(key, entry);
    return { firstSighting, firstError, counts };
  }
}
