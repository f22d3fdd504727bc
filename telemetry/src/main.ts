/**
 * The receiver as a process (the telemetry container, `npm start`). Configuration from the
 * environment (docker-compose.yml documents each):
 *   TELEMETRY_LISTEN            host:port or port to listen on (default 4010)
 *   TELEMETRY_PORTAL_ORIGINS    the portal's page origins, space-separated (beacons count only from these
 *                               and from the origins of the manifests the remote list names)
 *   TELEMETRY_REMOTE_LIST_URL   the host's remote list (its remotes and releases are the ones accepted)
 *   TELEMETRY_REMOTE_LIST_EVERY_MS  how often it is read (default 15000)
 *   TELEMETRY_TRUSTED_PROXIES   the portal's proxies (every app's nginx), addresses, CIDR networks or
 *                               `loopback`/`private`/`any`, space-separated (deploy/client-address.cjs):
 *                               X-Real-IP is read on their connections only
 *   TELEMETRY_TRUST_PROXY       1 without TELEMETRY_TRUSTED_PROXIES: the proxies are the private and
 *                               loopback networks (a compose network, where nothing else reaches the
 *                               receiver); a caller from anywhere else is keyed by its own address
 *   TELEMETRY_BURST, TELEMETRY_PER_MINUTE  the per-client rate limit (defaults 40 and 20)
 *   TELEMETRY_EXEMPT_ADDRESSES  addresses with no rate limit or quota, space-separated (a test
 *                               machine's browsers; empty in production)
 *   PORTAL_COHORT_SECRET        the deployment's secret every app's server signs driver proofs with
 *                               (deploy/nginx/portal-cohort.mjs): only a beacon whose proof holds
 *                               under it counts toward a canary verdict (docs/telemetry.md,
 *                               "Forged beacons"); unset, every beacon is counted unverified
 */
import { DEFAULT_RATE_LIMIT, RateLimiter } from './limits';
import { followRemoteList, PortalReleases } from './portal';
import { createReceiver } from './server';

const env = process.env;
const listen = env.TELEMETRY_LISTEN ?? '4010';
const [bindHost, port] = listen.includes(':')
  ? [listen.slice(0, listen.lastIndexOf(':')), listen.slice(listen.lastIndexOf(':') + 1)]
  : [undefined, listen];
const portalOrigins = new Set((env.TELEMETRY_PORTAL_ORIGINS ?? '').split(/\s+/).filter(Boolean));
if (portalOrigins.size === 0) console.warn('telemetry: TELEMETRY_PORTAL_ORIGINS is empty: every beacon will be refused');

// The configured origins, and every origin the host's remote list names (a remote added with
// `release:remote --new` is taken from without a restart): the receiver reads this live set.
const releases = new PortalReleases(undefined, undefined, portalOrigins);
const list = followRemoteList(releases, env.TELEMETRY_REMOTE_LIST_URL, Number(env.TELEMETRY_REMOTE_LIST_EVERY_MS ?? 15_000));
const limiter = new RateLimiter({
  ...DEFAULT_RATE_LIMIT,
  burst: Number(env.TELEMETRY_BURST ?? DEFAULT_RATE_LIMIT.burst),
  perMinute: Number(env.TELEMETRY_PER_MINUTE ?? DEFAULT_RATE_LIMIT.perMinute),
});
// What TELEMETRY_TRUST_PROXY=1 alone trusts: loopback and the private networks (RFC 1918, RFC 4193).
const trustedProxies = env.TELEMETRY_TRUSTED_PROXIES ?? (env.TELEMETRY_TRUST_PROXY === '1' ? 'loopback private' : '');
const proofSecret = env.PORTAL_COHORT_SECRET;
if (!proofSecret || proofSecret.length < 32)
  console.warn(
    'telemetry: PORTAL_COHORT_SECRET is unset or short: no driver proof can be checked, so no beacon counts toward a canary verdict',
  );
const { server } = createReceiver({
  proofSecret,
  releases,
  refreshReleases: list.refresh,
  portalOrigins: releases.origins,
  trustedProxies,
  exemptAddresses: new Set((env.TELEMETRY_EXEMPT_ADDRESSES ?? '').split(/\s+/).filter(Boolean)),
  limiter,
});
// Full buckets are forgotten now and then, so memory follows the clients of the last minutes.
setInterval(() => limiter.prune(), 60_000).unref();

server.listen(Number(port), bindHost, () => console.log(`telemetry receiver on ${listen}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
