/**
 * What one client can do to the figures. A client is an address (the edge nginx's
 * $remote_addr, passed as X-Real-IP), hashed with a salt of this process so no address is ever
 * kept or exported. Both structures are bounded in memory and may be lost at any time: a lost
 * bucket lets a client send one more burst, a lost "seen" set counts a client twice in the
 * clients counter of one window. Behind a load balancer, hashing on the client's address
 * (nginx `hash $remote_addr consistent`) keeps each client on one receiver.
 */
import { createHash, randomBytes } from 'node:crypto';

const SALT = randomBytes(16);

/** An address as a short opaque key. */
export function clientKey(address: string): string {
  return createHash('sha256').update(SALT).update(address).digest('base64url').slice(0, 16);
}

export interface RateLimitOptions {
  /** Beacons a client may send at once (a page load sends its load, its vitals and maybe an error or two). */
  burst: number;
  /** Beacons per minute a client gets back after its burst. */
  perMinute: number;
  /** The most clients tracked: past it, unknown clients are refused until buckets refill. */
  maxClients: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 40, perMinute: 20, maxClients: 200_000 };

/** A token bucket per client. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT) {}

  /** Takes one beacon from the client's bucket; false when it is empty. */
  take(client: string, now = Date.now()): boolean {
    const { burst, perMinute } = this.options;
    const bucket = this.buckets.get(client);
    const tokens = bucket ? Math.min(burst, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute) : burst;
    if (tokens < 1) {
      if (bucket) bucket.at = now;
      if (bucket) bucket.tokens = tokens;
      return false;
    }
    if (!bucket && this.buckets.size >= this.options.maxClients) {
      this.prune(now);
      // Still full: a flood of new addresses is refused rather than growing memory.
      if (this.buckets.size >= this.options.maxClients) return false;
    }
    this.buckets.set(client, { tokens: tokens - 1, at: now });
    return true;
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

/** Loads and vitals one client counts for one release in a window: a driver makes about 5 loads a shift. */
export const CLIENT_QUOTA = { load: 10, vital: 30 } as const;

/**
 * What each client counted for each release in this window (two generations: the current
 * window and the one before, so a client is counted once across a window's edge). It makes
 * `portal_telemetry_clients_total` grow once per client and release, and caps what one client
 * can add to a release's loads and vitals (CLIENT_QUOTA): one address weighs what one driver
 * does, however many beacons it forges. Errors are not capped (beyond the rate limit): they can
 * only hold a canary back. At most `maxEntries` entries a generation; past it new clients are
 * not counted (a verdict waits longer, it is never hurried).
 */
export class ClientLedger {
  private current = new Map<string, { load: number; vital: number }>();
  private previous = new Map<string, { load: number; vital: number }>();
  private startedAt: number;

  constructor(
    private readonly windowMs = 60 * 60_000,
    private readonly maxEntries = 500_000,
    now = Date.now(),
  ) {
    this.startedAt = now;
  }

  /**
   * Records one beacon of `kind` from `client` for `group` (remote, release, cohort): whether it
   * is the client's first for the group (this window or the one before), and whether it still
   * counts (`unlimited`: no quota, for an exempt address).
   */
  record(group: string, client: string, kind: string, now = Date.now(), unlimited = false): { firstSighting: boolean; counts: boolean } {
    if (now - this.startedAt >= this.windowMs) {
      // A whole window without a beacon: the one before is gone too.
      this.previous = now - this.startedAt >= 2 * this.windowMs ? new Map() : this.current;
      this.current = new Map();
      this.startedAt = now;
    }
    const key = `${group}\u0000${client}`;
    let entry = this.current.get(key);
    const firstSighting = !entry && !this.previous.has(key);
    if (!entry) {
      if (this.current.size >= this.maxEntries) return { firstSighting: false, counts: kind !== 'load' && kind !== 'vital' };
      // Each window gives a fresh quota; a client of the window before is not a new client.
      entry = { load: 0, vital: 0 };
      this.current.set(key, entry);
    }
    if (unlimited || (kind !== 'load' && kind !== 'vital')) return { firstSighting, counts: true };
    if (entry[kind] >= CLIENT_QUOTA[kind]) return { firstSighting, counts: false };
    entry[kind] += 1;
    return { firstSighting, counts: true };
  }
}
