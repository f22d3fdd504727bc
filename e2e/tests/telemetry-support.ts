import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Field telemetry of the running suite (scripts/telemetry-stack.mjs; ports of scripts/telemetry.mjs):
// the receiver's own /metrics (never reachable through the apps' origins) and Prometheus's API.
export const RECEIVER = 'http://127.0.0.1:4010';
export const PROMETHEUS = 'http://127.0.0.1:9090';
const RECEIVER_LOG = join(__dirname, '..', '..', '.metrics', 'receiver.log');

/** The receiver's log: its failure lines, scrubbed (what a container's log holds). */
export const receiverLog = () => readFileSync(RECEIVER_LOG, 'utf8');

export const receiverMetrics = async () => (await fetch(`${RECEIVER}/metrics`)).text();

export { sampleSum } from '../../telemetry/test/metrics-text';

/** One instant PromQL query's first value (0 when empty). */
export async function promValue(promql: string): Promise<number> {
  const answer = (await (await fetch(`${PROMETHEUS}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as {
    data: { result: Array<{ value: [number, string] }> };
  };
  return Number(answer.data.result[0]?.value[1] ?? 0);
}
