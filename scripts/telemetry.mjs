// What drivers met, per remote and release, from Prometheus (docs/telemetry.md, "Field
// telemetry"): release:status and release:remote --watch ask its HTTP API with PromQL, as
// Flagger's metric templates do. Prometheus is the one of this machine (`npm start` starts it
// when installed) unless PORTAL_PROMETHEUS_URL names another.

export const TELEMETRY_PORT = 4010;
export const PROMETHEUS_PORT = 9090;

export const prometheusUrl = () => (process.env.PORTAL_PROMETHEUS_URL ?? `http://127.0.0.1:${PROMETHEUS_PORT}`).replace(/\/$/, '');

/** What to tell someone with no Prometheus to read. */
export const HOW_TO_GET_PROMETHEUS =
  'Install it (Debian: `apt-get install prometheus`; elsewhere https://prometheus.io/download/) and run `npm start` or ' +
  '`npm run start:nginx`, which start it beside the telemetry receiver; or set PORTAL_PROMETHEUS_URL to a Prometheus that scrapes the receivers.';

/** An instant query: [{ metric: {labels}, value: [time, "number"] }]. */
export async function query(promql) {
  const url = `${prometheusUrl()}/api/v1/query?query=${encodeURIComponent(promql)}`;
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(10_000) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok || answer.status !== 'success') throw new Error(`${prometheusUrl()} answered ${response.status}: ${answer.error ?? ''}`);
  return answer.data.result;
}

/**
 * A counter's increase over the window, per release. Not `increase()`: a release's series is
 * born with its first beacons, and increase() reads a series' first sample as its start, so a
 * canary's first loads would not count. Instead: now minus the value a window ago, or all of it
 * for a series younger than the window. A receiver that restarted counts from 0 (clamped): a
 * restart can only delay a verdict.
 */
export function overWindow(metric, window, by = 'remote, release') {
  return `sum by (${by}) (clamp_min(${metric} - ${metric} offset ${window}, 0) or ${metric})`;
}

/** The p75 of a histogram's buckets (a series selector) over the window, per release (the same window arithmetic on them). */
export function p75OverWindow(buckets, window) {
  return `histogram_quantile(0.75, ${overWindow(buckets, window, 'remote, release, le')})`;
}

/** Prometheus durations: 30m, 2h, 90s. */
export function checkWindow(window, option = '--window') {
  if (!/^\d+[smhd]$/.test(window)) throw new Error(`${option} takes a Prometheus duration such as 30m or 2h (got ${window})`);
  return window;
}

const SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 };
const secondsOf = (duration) => Number(duration.slice(0, -1)) * SECONDS[duration.slice(-1)];

/**
 * A counter's increase over the `history` window that ends where `window` starts: what the live
 * release did before the figures now, which no beacon sent now can change (the canary verdict's
 * bar, scripts/canary-verdict.cjs).
 */
export function overHistory(metric, window, history, by = 'remote, release') {
  const end = `${secondsOf(window)}s`;
  const start = `${secondsOf(window) + secondsOf(history)}s`;
  return `sum by (${by}) (clamp_min(${metric} offset ${end} - ${metric} offset ${start}, 0) or ${metric} offset ${end})`;
}

/** `--history 6h` of the command line (release:status, release:remote --watch): the live release's history. */
export const historyFromArgs = (argv = process.argv) =>
  checkWindow(argv.includes('--history') ? argv[argv.indexOf('--history') + 1] : '6h', '--history');

/** A release Prometheus holds nothing of (yet). */
const noFigures = (remote, version) => ({
  remote,
  version,
  loads: 0,
  drivers: 0,
  errors: 0,
  errorDrivers: 0,
  historyLoads: 0,
  historyDrivers: 0,
  historyErrors: 0,
  historyErrorDrivers: 0,
  loadFailures: 0,
  refusals: 0,
  lcpP75Ms: null,
  inpP75Ms: null,
  unverifiedLoads: 0,
  unverifiedErrors: 0,
  unverifiedClients: 0,
});

/** A release's flat counts as the figures read them: errors per 1,000 loads, history and unverified apart. */
const shaped = ({
  historyLoads,
  historyDrivers,
  historyErrors,
  historyErrorDrivers,
  unverifiedLoads,
  unverifiedErrors,
  unverifiedClients,
  ...row
}) => ({
  ...row,
  errorsPer1000Loads: row.loads > 0 ? Math.round((row.errors / row.loads) * 10_000) / 10 : null,
  history: { loads: historyLoads, drivers: historyDrivers, errors: historyErrors, errorDrivers: historyErrorDrivers },
  unverified: { loads: unverifiedLoads, errors: unverifiedErrors, clients: unverifiedClients },
});

/**
 * A beacon counter's series that decide a verdict: those of beacons with a valid driver proof
 * (docs/telemetry.md, "Forged beacons"). Beacons without one are counted apart (`verified="false"`)
 * and never read here but to be shown.
 */
const verified = (metric) => `${metric}{verified="true"}`;
const unverified = (metric) => `${metric}{verified="false"}`;

/**
 * Per remote and release over `window` (default 30m), from verified beacons only: loads,
 * distinct drivers, errors, distinct drivers with errors, errors per 1,000 loads, load failures,
 * refusals, p75 LCP and INP (ms); `history`, the counts over the `history` window before (default
 * 6h, `--history`); and what came without a valid driver proof (`unverified`: loads, errors,
 * distinct addresses), shown, never judged.
 */
export async function releaseFigures(window = '30m', history = historyFromArgs()) {
  checkWindow(window);
  checkWindow(history, '--history');
  const figures = {
    loads: overWindow(verified('portal_remote_loads_total'), window),
    drivers: overWindow('portal_telemetry_drivers_total', window),
    errors: overWindow(verified('portal_remote_errors_total'), window),
    errorDrivers: overWindow('portal_telemetry_error_drivers_total', window),
    historyLoads: overHistory(verified('portal_remote_loads_total'), window, history),
    historyDrivers: overHistory('portal_telemetry_drivers_total', window, history),
    historyErrors: overHistory(verified('portal_remote_errors_total'), window, history),
    historyErrorDrivers: overHistory('portal_telemetry_error_drivers_total', window, history),
    loadFailures: overWindow(verified('portal_remote_load_failures_total'), window),
    refusals: overWindow(verified('portal_remote_refusals_total'), window),
    lcpP75Ms: p75OverWindow(verified('portal_remote_lcp_milliseconds_bucket'), window),
    inpP75Ms: p75OverWindow(verified('portal_remote_inp_milliseconds_bucket'), window),
    unverifiedLoads: overWindow(unverified('portal_remote_loads_total'), window),
    unverifiedErrors: overWindow(unverified('portal_remote_errors_total'), window),
    unverifiedClients: overWindow('portal_telemetry_unverified_clients_total', window),
  };
  const answers = await Promise.all(Object.values(figures).map((promql) => query(promql)));
  const rows = new Map();
  Object.keys(figures).forEach((name, index) => {
    for (const { metric, value } of answers[index]) {
      const key = `${metric.remote}\u0000${metric.release}`;
      const row = rows.get(key) ?? noFigures(metric.remote, metric.release);
      const number = Number(value[1]);
      row[name] = name.endsWith('P75Ms') ? (Number.isFinite(number) ? number : null) : Math.round(number);
      rows.set(key, row);
    }
  });
  return [...rows.values()].map(shaped);
}

/** The figures of one release (zeros when Prometheus has none). */
export function figuresOf(rows, remote, version) {
  return rows.find((row) => row.remote === remote && row.version === version) ?? shaped(noFigures(remote, version));
}
