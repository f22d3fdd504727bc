/** See store.cjs. */
import type { Redis } from 'ioredis';

/** A leaky bucket: `capacity` requests at once, then `perMinute` (nginx's limit_req with burst = capacity - 1). */
export interface Bucket {
  capacity: number;
  perMinute: number;
}
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };
export interface Limiter {
  /** Whether `client` may go on now; when it may, counts it. Rejects with StoreUnavailableError only for a limit that does not fail open. */
  admit(client: string): Promise<Admission>;
}
export interface PutOptions {
  ttlMs: number;
  /** The minting client's network (an IPv4 /24, an IPv6 /48): its codes are capped at perNetwork. */
  network: string;
  /** The driver the provider's token check named: at perDriver, its oldest code makes room. */
  driver: string;
  perDriver: number;
  perNetwork: number;
  /** The store's ceiling: reached, the network holding the most codes gives up its oldest to one holding fewer. */
  maxEntries: number;
}
/** `network`: the network holds perNetwork codes; `full`: the ceiling, and this network holds as many as the largest. */
export type PutResult = 'ok' | 'network' | 'full';
export interface Store {
  kind: 'memory' | 'redis';
  /** Keeps `value` under `id` for `ttlMs` within the caps of PutOptions (decision 0024). */
  putCode(id: string, value: string, options: PutOptions): Promise<PutResult>;
  /** The value under `id`, deleted in the same step: of two takes at once, one gets it. */
  takeCode(id: string): Promise<string | undefined>;
  /** Codes held now. */
  codes(): Promise<number>;
  /** The limit `name` (one per name and store). `failOpen`: while Redis does not answer, the same bucket in this process's memory. */
  limiter(name: string, bucket: Bucket, options?: { failOpen?: boolean }): Limiter;
  /** Whether the store answers now (the service's /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
export class StoreUnavailableError extends Error {
  constructor(message: string, cause?: unknown);
}
export function createMemoryStore(options?: { now?: () => number }): Store & { buckets(name: string): number };
export function createRedisStore(options: { url: string; prefix?: string; commandTimeoutMs?: number }): Store & { client: Redis };
export function storeFromEnv(env?: NodeJS.ProcessEnv): Store;
export function nginxBucket(limit: { perMinute: number; burst: number }): Bucket;
