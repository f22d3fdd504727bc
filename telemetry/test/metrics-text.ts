/**
 * The sum of a metric's samples whose labels include `labels`, read from Prometheus's text
 * exposition format (a receiver's /metrics): 0 when none matches. Used by the forge replay
 * (forge.ts) and the e2e telemetry checks (e2e/tests/telemetry-support.ts).
 */
export function sampleSum(text: string, metric: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== metric) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([name, value]) => present[name] === value)) sum += Number(match[3]);
  }
  return sum;
}
