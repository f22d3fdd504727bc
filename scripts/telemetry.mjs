// What drivers met, per remote and release, from Prometheus (docs/platform.md, "Field
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

/** The p75 of a histogram over the window, per release (the same window arithmetic on its buckets). */
export function p75OverWindow(histogram, window) {
  return `histogram_quantile(0.75, ${overWindow(`${histogram}_bucket`, window, 'remote, release, le')})`;
}

/** Prometheus durations: 30m, 2h, 90s. */
export function checkWindow(window) {
  if (!/^\d+[smhd]$/.test(window)) throw new Error(`--window takes a Prometheus duration such as 30m or 2h (got ${window})`);
  return window;
}

/** A release Prometheus holds nothing of (yet). */
const noFigures = (remote, version) => ({
  remote,
  version,
  loads: 0,
  clients: 0,
  errors: 0,
  loadFailures: 0,
  refusals: 0,
  lcpP75Ms: null,
  inpP75Ms: null,
});

/**
 * Per remote and release over `window` (default 30m): loads, distinct clients, errors, errors per
 * 1,000 loads, load failures, refusals, p75 LCP and INP (ms).
 */
export async function releaseFigures(window = '30m') {
  checkWindow(window);
  const figures = {
    loads: overWindow('portal_remote_loads_total', window),
    clients: overWindow('portal_telemetry_clients_total', window),
    errors: overWindow('portal_remote_errors_total', window),
    loadFailures: overWindow('portal_remote_load_failures_total', window),
    refusals: overWindow('portal_remote_refusals_total', window),
    lcpP75Ms: p75OverWindow('portal_remote_lcp_milliseconds', window),
    inpP75Ms: p75OverWindow('portal_remote_inp_milliseconds', window),
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
  return [...rows.values()].map((row) => ({
    ...row,
    errorsPer1000Loads: row.loads > 0 ? Math.round((row.errors / row.loads) * 10_000) / 10 : null,
  }));
}

/** The figures of one release (zeros when Prometheus has none). */
export function figuresOf(rows, remote, version) {
  return (
    rows.find((row) => row.remote === remote && row.version === version) ?? { ...noFigures(remote, version), errorsPer1000Loads: null }
  );
}
