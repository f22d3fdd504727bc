// @ts-check
/**
 * The portal's shared state (issue 38): what every instance of a Node service must agree on, in
 * one of two implementations behind one interface.
 *
 * - memory (the default, `npm start` and one `node deploy/session-handoff.cjs`): one process's
 *   Maps, as before. Right for one instance only.
 * - Redis, chosen by ONE variable, PORTAL_REDIS_URL (`redis://127.0.0.1:6390/0`), through ioredis:
 *   every instance of every service reads and writes the same keys, under the deployment's prefix
 *   (PORTAL_REDIS_PREFIX, default `portal:`), so two deployments can share one Redis.
 *
 * What it holds:
 * - handoff codes: an opaque id (derived from the code, never the code itself) to an opaque sealed
 *   value (deploy/session-handoff.cjs encrypts it with a key derived from the code), `SET ... PX`:
 *   Redis itself drops it at the code's TTL (30 s). `takeCode` is `GETDEL`: of two redeems at once,
 *   on any instances, exactly one gets the value. The outstanding-code cap per client and the
 *   store's ceiling are sorted sets of slot ids scored by expiry, checked and written in one Lua
 *   script with the code (no race lets a client past its cap).
 * - rate limits: nginx's `limit_req` arithmetic (a leaky bucket: `capacity` at once, then
 *   `perMinute`), in memory or in Redis through rate-limiter-flexible's RateLimiterRedis with a
 *   Lua script of that arithmetic (its own script is a fixed window: 30 at once then nothing for a
 *   minute, which would change what both servers answer). The clock is Redis's (`TIME`), so
 *   instances whose clocks differ still count one bucket.
 *
 * When Redis does not answer (down, restarting, unreachable): calls fail at once (no offline
 * queue, a 1 s command timeout), never hang. Codes: `StoreUnavailableError` (the exchange answers
 * 503; the journey goes on without the session). Limits made with `failOpen`: the same arithmetic
 * in this process's memory (rate-limiter-flexible's insuranceLimiter), so a limit holds per
 * instance instead of in total until Redis is back; without `failOpen`: `StoreUnavailableError`.
 * ioredis reconnects by itself (every 100 ms to 1 s); nothing is replayed. Redis must keep no copy
 * on disk of these keys (`save ""`, `appendonly no`): a code is a 30 s secret, a restart loses the
 * codes in flight (those journeys open without the session) and the buckets (they start full).
 */
// ioredis and rate-limiter-flexible are loaded by the Redis implementation only: the memory one
// (one instance, no PORTAL_REDIS_URL) runs with this file and session-handoff.cjs alone.

const DEFAULT_PREFIX = 'portal:';
/** How long a Redis command may take before the caller is told the store is unavailable. */
const COMMAND_TIMEOUT_MS = 1000;
/** A bucket's key outlives its drain by this much (nginx forgets an idle client after 60 s too). */
const IDLE_KEEP_MS = 60_000;
/** Buckets held in memory at most (a flood of new clients cannot grow the process without bound). */
const MAX_MEMORY_BUCKETS = 100_000;

class StoreUnavailableError extends Error {
  /** @param {string} message @param {unknown} [cause] */
  constructor(message, cause) {
    super(message, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/**
 * @typedef {{ capacity: number, perMinute: number }} Bucket
 * @typedef {{ ok: true } | { ok: false, retryAfterSeconds: number }} Admission
 * @typedef {{ admit(client: string): Promise<Admission> }} Limiter
 * @typedef {{ ttlMs: number, client: string, slot: string, maxOutstanding: number, maxEntries: number }} PutOptions
 * @typedef {'ok' | 'outstanding' | 'full'} PutResult
 * @typedef {{
 *   kind: 'memory' | 'redis',
 *   putCode(id: string, value: string, options: PutOptions): Promise<PutResult>,
 *   takeCode(id: string): Promise<string | undefined>,
 *   codes(): Promise<number>,
 *   limiter(name: string, bucket: Bucket, options?: { failOpen?: boolean }): Limiter,
 *   ping(): Promise<boolean>,
 *   close(): Promise<void>,
 * }} Store
 */

/**
 * nginx's `limit_req rate=<perMinute>r/m burst=<burst> nodelay` as a bucket: the first request and
 * `burst` more at once, then one every 60/perMinute s. (nginx: excess = max(0, excess - elapsed *
 * rate + 1), refused above `burst`; the same as a bucket of burst + 1.)
 * @param {{ perMinute: number, burst: number }} limit
 * @returns {Bucket}
 */
const nginxBucket = ({ perMinute, burst }) => ({ capacity: burst + 1, perMinute });

/**
 * One step of a bucket, the arithmetic the Lua script below repeats: what is in it after this
 * request, whether it fits, and when the next one would.
 * @param {{ level: number, at: number } | undefined} state
 * @param {number} now @param {Bucket} bucket
 */
function bucketStep(state, now, { capacity, perMinute }) {
  const perMs = perMinute / 60_000;
  const level = state ? Math.max(0, state.level - Math.max(0, now - state.at) * perMs) + 1 : 1;
  if (level > capacity) return { ok: false, level, retryAfterMs: Math.ceil((level - capacity) / perMs) };
  return { ok: true, level, retryAfterMs: 0 };
}

/** @param {number} ms @returns {Admission} */
const refused = (ms) => ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });

/**
 * The buckets of one limit in this process: the memory store's limiter and, for a limit that fails
 * open, the Redis limiter's insurance (insuranceOf below). Bounded: a client whose bucket has
 * drained is forgotten (the same as a new one).
 */
class MemoryBuckets {
  /** @param {Bucket} bucket @param {() => number} now */
  constructor(bucket, now) {
    this.bucket = bucket;
    this.now = now;
    /** @type {Map<string, { level: number, at: number }>} */
    this.states = new Map();
    this.sweptAt = 0;
  }

  /** @param {string} client @returns {Admission} */
  admitNow(client) {
    const now = this.now();
    this.forgetDrained(now);
    const step = bucketStep(this.states.get(client), now, this.bucket);
    if (!step.ok) return refused(step.retryAfterMs);
    this.states.delete(client);
    this.states.set(client, { level: step.level, at: now });
    if (this.states.size > MAX_MEMORY_BUCKETS) this.states.delete(/** @type {string} */ (this.states.keys().next().value));
    return { ok: true };
  }

  /** @param {number} now */
  forgetDrained(now) {
    if (this.states.size < 1000 || now - this.sweptAt < 1000) return;
    this.sweptAt = now;
    const perMs = this.bucket.perMinute / 60_000;
    for (const [client, state] of this.states) if (state.level - (now - state.at) * perMs <= 0) this.states.delete(client);
  }
}

/**
 * Memory buckets as rate-limiter-flexible's insuranceLimiter (it calls `consume(key)` on it when
 * Redis fails): resolves a RateLimiterRes, rejects one when refused. Only `consume` is used: the
 * other methods keep the base class's "implement me" throw. The settings are own fields, not the
 * base class's accessors (which throw), and the Redis limiter writes its own into them.
 * @param {typeof import('rate-limiter-flexible')} flexible @param {MemoryBuckets} buckets @param {string} name
 */
function insuranceOf(flexible, buckets, name) {
  const { RateLimiterCompatibleAbstract, RateLimiterRes } = flexible;
  class Insurance extends RateLimiterCompatibleAbstract {
    keyPrefix = `limit:${name}`;
    blockDuration = 0;
    execEvenly = false;
    /** @param {string} key */
    consume(key) {
      const admission = buckets.admitNow(key);
      if (admission.ok) return Promise.resolve(new RateLimiterRes(0, 0, 1, false));
      return Promise.reject(new RateLimiterRes(0, admission.retryAfterSeconds * 1000, 1, false));
    }
  }
  return new Insurance();
}

/**
 * The memory implementation: one process. `now` is injectable for tests (a code's TTL, a bucket).
 * @param {{ now?: () => number }} [options]
 * @returns {Store & { buckets(name: string): number }}
 */
function createMemoryStore({ now = Date.now } = {}) {
  /** @type {Map<string, { value: string, client: string, expires: number }>} */
  const codes = new Map();
  /** @type {Map<string, number>} */
  const outstanding = new Map();
  /** @type {Map<string, MemoryBuckets>} */
  const limiters = new Map();

  /** @param {string} id */
  const drop = (id) => {
    const entry = codes.get(id);
    if (!entry) return undefined;
    codes.delete(id);
    const held = (outstanding.get(entry.client) ?? 1) - 1;
    if (held > 0) outstanding.set(entry.client, held);
    else outstanding.delete(entry.client);
    return entry;
  };
  // Every code lives the same TTL: insertion order is expiry order, so a sweep stops at the first
  // live one (a flood costs no full scans).
  const sweep = () => {
    const time = now();
    for (const [id, entry] of codes) {
      if (entry.expires > time) break;
      drop(id);
    }
  };

  return {
    kind: 'memory',
    async putCode(id, value, { ttlMs, client, maxOutstanding, maxEntries }) {
      sweep();
      if ((outstanding.get(client) ?? 0) >= maxOutstanding) return 'outstanding';
      if (codes.size >= maxEntries) return 'full';
      codes.set(id, { value, client, expires: now() + ttlMs });
      outstanding.set(client, (outstanding.get(client) ?? 0) + 1);
      return 'ok';
    },
    async takeCode(id) {
      sweep();
      return drop(id)?.value;
    },
    async codes() {
      sweep();
      return codes.size;
    },
    limiter(name, bucket) {
      let buckets = limiters.get(name);
      if (!buckets) limiters.set(name, (buckets = new MemoryBuckets(bucket, now)));
      const one = buckets;
      return { admit: async (client) => one.admitNow(client) };
    },
    buckets: (name) => limiters.get(name)?.states.size ?? 0,
    ping: async () => true,
    close: async () => {},
  };
}

/**
 * The bucket in Redis, as rate-limiter-flexible's `customIncrTtlLuaScript`: KEYS[1] the client's
 * key; ARGV[1] points to take (1), ARGV[3] the capacity (its `points`), ARGV[4] the seconds a full
 * bucket takes to drain (its `duration`). Answers {consumed, msBeforeNext}: consumed above the
 * capacity is a refusal. The state is "level at-ms", kept IDLE_KEEP_MS past its drain.
 * Every RateLimiterRedis on one ioredis client defines its script under one command name
 * (`rlflxIncr`): all of this store's limiters use this one script, and nothing else may share the client.
 */
const BUCKET_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local capacity = tonumber(ARGV[3])
local drainMs = tonumber(ARGV[4]) * 1000
local perMs = capacity / drainMs
local level = tonumber(ARGV[1])
local state = redis.call('GET', KEYS[1])
if state then
  local space = string.find(state, ' ')
  local before = tonumber(string.sub(state, 1, space - 1))
  local at = tonumber(string.sub(state, space + 1))
  level = math.max(0, before - math.max(0, now - at) * perMs) + tonumber(ARGV[1])
end
if level > capacity then
  return { capacity + 1, math.ceil((level - capacity) / perMs) }
end
redis.call('SET', KEYS[1], string.format('%.6f %d', level, now), 'PX', math.ceil(drainMs + ${IDLE_KEEP_MS}))
return { math.ceil(level), 0 }
`;

/**
 * A code, its client's outstanding slots and the store's slots, in one step: KEYS[1] the code,
 * KEYS[2] the client's slots, KEYS[3] every slot; ARGV value, ttl ms, slot, max outstanding, max
 * entries. Slots are scored by expiry (Redis's clock): expired ones are dropped first, so a code
 * that expired unredeemed gives its slot back by itself.
 */
const PUT_CODE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'outstanding' end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 'full' end
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl, 'NX') then return 'full' end
redis.call('ZADD', KEYS[2], now + ttl, ARGV[3])
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('ZADD', KEYS[3], now + ttl, ARGV[3])
redis.call('PEXPIRE', KEYS[3], ttl)
return 'ok'
`;

/** @param {unknown} error */
const unavailable = (error) =>
  error instanceof StoreUnavailableError ? error : new StoreUnavailableError(`the shared store did not answer: ${String(error)}`, error);

/**
 * The Redis implementation. `url`: redis://host:port/db; `prefix`: the deployment's key prefix.
 * @param {{ url: string, prefix?: string, commandTimeoutMs?: number }} options
 * @returns {Store & { client: import('ioredis').Redis }}
 */
function createRedisStore({ url, prefix = DEFAULT_PREFIX, commandTimeoutMs = COMMAND_TIMEOUT_MS }) {
  const { Redis } = require('ioredis');
  const flexible = require('rate-limiter-flexible');
  const { RateLimiterRedis, RateLimiterRes } = flexible;
  const client = new Redis(url, {
    keyPrefix: prefix,
    // Fail at once while disconnected rather than queue: a driver waiting on a handoff gets its
    // answer (503, then the page without the session) instead of a request that hangs.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    // A closing socket that never opened is destroyed soon (ioredis waits 2 s by default).
    disconnectTimeout: 200,
    // Reconnect forever, soon: 100 ms, 200 ms, ... at most 1 s apart.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  // An error event without a listener would crash the process; ioredis reconnects by itself.
  client.on('error', () => {});
  client.defineCommand('portalPutCode', { numberOfKeys: 3, lua: PUT_CODE_SCRIPT });
  // defineCommand adds the method at run time; its type is said here.
  const scripted = /** @type {{ portalPutCode(keys: string[], ...args: string[]): Promise<PutResult> }} */ (
    /** @type {unknown} */ (client)
  );
  const putCodeScript = scripted.portalPutCode.bind(client);
  /** @type {Map<string, Limiter>} */
  const limiters = new Map();

  /** @template T @param {() => Promise<T>} call @returns {Promise<T>} */
  const guarded = async (call) => {
    if (client.status !== 'ready') throw new StoreUnavailableError(`the shared store is ${client.status}`);
    try {
      return await call();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    kind: 'redis',
    client,
    putCode: (id, value, { ttlMs, client: who, slot, maxOutstanding, maxEntries }) =>
      guarded(() =>
        putCodeScript(
          [`handoff:code:${id}`, `handoff:client:${who}`, 'handoff:codes'],
          // The slot and client go with the value, so that a take gives the slot back.
          JSON.stringify([slot, who, value]),
          String(ttlMs),
          slot,
          String(maxOutstanding),
          String(maxEntries),
        ),
      ),
    async takeCode(id) {
      // GETDEL: read and delete in one command, so a code is given to one redeem only.
      const stored = await guarded(() => client.getdel(`handoff:code:${id}`));
      if (stored === null) return undefined;
      const [slot, who, value] = /** @type {[string, string, string]} */ (JSON.parse(stored));
      // The slot back (a failure here costs nothing: the slot expires with the code's TTL anyway).
      await client
        .multi()
        .zrem(`handoff:client:${who}`, slot)
        .zrem('handoff:codes', slot)
        .exec()
        .catch(() => undefined);
      return value;
    },
    codes: () => guarded(async () => client.zcount('handoff:codes', Date.now(), '+inf')),
    limiter(name, bucket, { failOpen = false } = {}) {
      const known = limiters.get(name);
      if (known) return known;
      const drainSeconds = (bucket.capacity * 60) / bucket.perMinute;
      const limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `limit:${name}`,
        points: bucket.capacity,
        duration: drainSeconds,
        customIncrTtlLuaScript: BUCKET_SCRIPT,
        rejectIfRedisNotReady: true,
        // Failing open: the same bucket in this process while Redis does not answer.
        insuranceLimiter: failOpen ? insuranceOf(flexible, new MemoryBuckets(bucket, Date.now), name) : undefined,
      });
      /** @type {Limiter} */
      const admitting = {
        async admit(who) {
          try {
            await limiter.consume(who);
            return { ok: true };
          } catch (error) {
            if (error instanceof RateLimiterRes) return refused(error.msBeforeNext);
            throw unavailable(error);
          }
        },
      };
      limiters.set(name, admitting);
      return admitting;
    },
    async ping() {
      if (client.status !== 'ready') return false;
      return client.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      );
    },
    async close() {
      client.disconnect();
    },
  };
}

/**
 * The store a service runs with: Redis when PORTAL_REDIS_URL is set, memory otherwise.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Store}
 */
function storeFromEnv(env = process.env) {
  const url = env.PORTAL_REDIS_URL?.trim();
  if (!url) return createMemoryStore();
  return createRedisStore({ url, prefix: env.PORTAL_REDIS_PREFIX || DEFAULT_PREFIX });
}

module.exports = {
  createMemoryStore,
  createRedisStore,
  storeFromEnv,
  nginxBucket,
  StoreUnavailableError,
};
