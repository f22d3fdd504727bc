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
  client: string;
  /** An id of this code's place in its client's and the store's counts (released on take or expiry). */
  slot: string;
  maxOutstanding: number;
  maxEntries: number;
}
export type PutResult = 'ok' | 'outstanding' | 'full';
export interface Store {
  kind: 'memory' | 'redis';
  /** Keeps `value` under `id` for `ttlMs`, unless `client` holds maxOutstanding codes or the store maxEntries. */
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
