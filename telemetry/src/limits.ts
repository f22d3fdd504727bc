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

/**
 * Which clients already counted for a release in this window: `portal_telemetry_clients_total`
 * grows by one the first time a client sends a beacon of a (remote, release, cohort), once per
 * window (two generations: the current window and the one before). At most `maxEntries` per
 * generation; past it no new client is counted (a verdict waits longer, it is never hurried).
 */
export class DistinctClients {
  private current = new Set<string>();
  private previous = new Set<string>();
  private startedAt: number;

  constructor(
    private readonly windowMs = 60 * 60_000,
    private readonly maxEntries = 500_000,
    now = Date.now(),
  ) {
    this.startedAt = now;
  }

  /** True the first time `client` is seen for `group` in this window. */
  firstSighting(group: string, client: string, now = Date.now()): boolean {
    if (now - this.startedAt >= this.windowMs) {
      this.previous = this.current;
      this.current = new Set();
      this.startedAt = now;
    }
    const key = `${group}\u0000${client}`;
    if (this.current.has(key)) return false;
    if (this.current.size >= this.maxEntries) return false;
    this.current.add(key);
    return !this.previous.has(key);
  }
}
