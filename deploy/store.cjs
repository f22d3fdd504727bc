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
 *   on any instances, exactly one gets the value. Who holds how many codes (issue 45, decision
 *   0024): per driver (its oldest codes make room for its newest: a driver is never refused for
 *   its own codes), per network (a cap: `network`), and the store's ceiling, where the network
 *   holding the most codes gives up its oldest to a network holding fewer (so a flood fills its own
 *   share only, and a driver's mint from anywhere else succeeds). Sorted sets of code ids scored by
 *   expiry, checked and written in one Lua script with the code (no race lets anyone past a cap).
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
 * @typedef {{ ttlMs: number, network: string, driver: string, perDriver: number, perNetwork: number, maxEntries: number }} PutOptions
 * @typedef {'ok' | 'network' | 'full'} PutResult
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
  /** @type {Map<string, { value: string, network: string, driver: string, expires: number }>} */
  const codes = new Map();
  /** The ids each network and each driver holds, oldest first (a Set keeps insertion order). @type {Map<string, Set<string>>} */
  const byNetwork = new Map();
  /** @type {Map<string, Set<string>>} */
  const byDriver = new Map();
  /** @type {Map<string, MemoryBuckets>} */
  const limiters = new Map();

  /** @param {Map<string, Set<string>>} map @param {string} key @param {string} id */
  const hold = (map, key, id) => {
    const ids = map.get(key) ?? new Set();
    map.set(key, ids.add(id));
  };
  /** @param {Map<string, Set<string>>} map @param {string} key @param {string} id */
  const release = (map, key, id) => {
    const ids = map.get(key);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) map.delete(key);
  };
  /** @param {string | undefined} id */
  const drop = (id) => {
    const entry = id === undefined ? undefined : codes.get(id);
    if (!entry || id === undefined) return undefined;
    codes.delete(id);
    release(byNetwork, entry.network, id);
    release(byDriver, entry.driver, id);
    return entry;
  };
  /** @param {Set<string> | undefined} ids */
  const oldestOf = (ids) => (ids ? ids.values().next().value : undefined);
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
    async putCode(id, value, { ttlMs, network, driver, perDriver, perNetwork, maxEntries }) {
      sweep();
      // The driver's own oldest codes make room for its newest.
      while ((byDriver.get(driver)?.size ?? 0) >= Math.max(1, perDriver)) drop(oldestOf(byDriver.get(driver)));
      const mine = byNetwork.get(network)?.size ?? 0;
      if (mine >= perNetwork) return 'network';
      if (codes.size >= maxEntries) {
        // Full: the network holding the most codes gives up its oldest, if it holds more than this one.
        let largest = '';
        let most = 0;
        for (const [name, ids] of byNetwork)
          if (ids.size > most) {
            most = ids.size;
            largest = name;
          }
        if (most <= mine) return 'full';
        drop(oldestOf(byNetwork.get(largest)));
      }
      codes.set(id, { value, network, driver, expires: now() + ttlMs });
      hold(byNetwork, network, id);
      hold(byDriver, driver, id);
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
 * A code and who holds it, in one step (the memory store's putCode, the same rules): KEYS[1] the
 * code, KEYS[2] its network's ids, KEYS[3] its driver's ids, KEYS[4] every id, KEYS[5] how many
 * each network holds (a sorted set of networks scored by their count, to find the largest); ARGV
 * the value, ttl ms, id, per driver, per network, the ceiling, the key prefix (the ids of another
 * network or driver are reached by name), the network. Ids are scored by expiry (Redis's clock):
 * expired ones are dropped first. The counts of networks not touched lag behind their expiries:
 * each call recounts two at random and the largest before it takes a code from it.
 */
const PUT_CODE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[2])
local id = ARGV[3]
local perDriver = math.max(1, tonumber(ARGV[4]))
local perNetwork = tonumber(ARGV[5])
local maxEntries = tonumber(ARGV[6])
local prefix = ARGV[7]
local network = ARGV[8]
local codes = KEYS[4]
local counts = KEYS[5]
local function networkKey(name) return prefix .. 'handoff:network:' .. name end
local function recount(name)
  local key = networkKey(name)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  local held = redis.call('ZCARD', key)
  if held > 0 then redis.call('ZADD', counts, held, name) else redis.call('ZREM', counts, name) end
  return held
end
local function drop(code)
  local key = prefix .. 'handoff:code:' .. code
  local stored = redis.call('GET', key)
  redis.call('DEL', key)
  redis.call('ZREM', codes, code)
  if stored then
    local entry = cjson.decode(stored)
    redis.call('ZREM', networkKey(entry[1]), code)
    redis.call('ZREM', prefix .. 'handoff:driver:' .. entry[2], code)
    recount(entry[1])
  end
end
redis.call('ZREMRANGEBYSCORE', codes, '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
for _, name in ipairs(redis.call('ZRANDMEMBER', counts, 2)) do recount(name) end
while redis.call('ZCARD', KEYS[3]) >= perDriver do
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0)[1]
  redis.call('ZREM', KEYS[3], oldest)
  drop(oldest)
end
local mine = recount(network)
if mine >= perNetwork then return 'network' end
if redis.call('ZCARD', codes) >= maxEntries then
  for _ = 1, 16 do
    local top = redis.call('ZREVRANGE', counts, 0, 0, 'WITHSCORES')
    if #top == 0 then break end
    local held = recount(top[1])
    if held == tonumber(top[2]) then
      if held > mine and top[1] ~= network then
        local oldest = redis.call('ZRANGE', networkKey(top[1]), 0, 0)[1]
        redis.call('ZREM', networkKey(top[1]), oldest)
        drop(oldest)
        recount(top[1])
      end
      break
    end
  end
  if redis.call('ZCARD', codes) >= maxEntries then return 'full' end
end
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl, 'NX') then return 'full' end
local expires = now + ttl
for _, key in ipairs({ KEYS[2], KEYS[3], codes }) do
  redis.call('ZADD', key, expires, id)
  redis.call('PEXPIRE', key, ttl)
end
redis.call('ZADD', counts, mine + 1, network)
redis.call('PEXPIRE', counts, ttl)
return 'ok'
`;

/**
 * A code taken (GETDEL: of two takes at once, one gets it) and its place given back: KEYS[1] the
 * code, KEYS[2] every id, KEYS[3] the networks' counts; ARGV the id, the key prefix.
 */
const TAKE_CODE_SCRIPT = `
local stored = redis.call('GETDEL', KEYS[1])
if not stored then return false end
local entry = cjson.decode(stored)
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', ARGV[2] .. 'handoff:driver:' .. entry[2], ARGV[1])
local key = ARGV[2] .. 'handoff:network:' .. entry[1]
redis.call('ZREM', key, ARGV[1])
local held = redis.call('ZCARD', key)
if held > 0 then redis.call('ZADD', KEYS[3], held, entry[1]) else redis.call('ZREM', KEYS[3], entry[1]) end
return entry[3]
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
  client.defineCommand('portalPutCode', { numberOfKeys: 5, lua: PUT_CODE_SCRIPT });
  client.defineCommand('portalTakeCode', { numberOfKeys: 3, lua: TAKE_CODE_SCRIPT });
  // defineCommand adds the methods at run time; their types are said here.
  const scripted =
    /** @type {{ portalPutCode(keys: string[], ...args: string[]): Promise<PutResult>, portalTakeCode(keys: string[], ...args: string[]): Promise<string | null> }} */ (
      /** @type {unknown} */ (client)
    );
  const putCodeScript = scripted.portalPutCode.bind(client);
  const takeCodeScript = scripted.portalTakeCode.bind(client);
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
    putCode: (id, value, { ttlMs, network, driver, perDriver, perNetwork, maxEntries }) =>
      guarded(() =>
        putCodeScript(
          [`handoff:code:${id}`, `handoff:network:${network}`, `handoff:driver:${driver}`, 'handoff:codes', 'handoff:networks'],
          // The network and driver go with the value, so that a take or an eviction gives the place back.
          JSON.stringify([network, driver, value]),
          String(ttlMs),
          id,
          String(perDriver),
          String(perNetwork),
          String(maxEntries),
          prefix,
          network,
        ),
      ),
    async takeCode(id) {
      const value = await guarded(() => takeCodeScript([`handoff:code:${id}`, 'handoff:codes', 'handoff:networks'], id, prefix));
      return value === null ? undefined : value;
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
