/** Types of telemetry.mjs (the release scripts' PromQL over the receivers' figures). */
import type { Counts, Figures } from './canary-verdict.cjs';

export const TELEMETRY_PORT: number;
export const PROMETHEUS_PORT: number;
export function prometheusUrl(): string;
export const HOW_TO_GET_PROMETHEUS: string;
export function query(promql: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
export function overWindow(metric: string, window: string, by?: string): string;
export function p75OverWindow(buckets: string, window: string): string;
export function checkWindow(window: string, option?: string): string;
export function overHistory(metric: string, window: string, history: string, by?: string): string;
export function historyFromArgs(argv?: readonly string[]): string;

/** One release's row: verified figures (a driver proof each), and what came without one, shown only. */
export interface ReleaseRow extends Figures {
  remote: string;
  version: string;
  errorsPer1000Loads: number | null;
  history: Counts;
  loadFailures: number;
  refusals: number;
  unverified: { loads: number; errors: number; clients: number };
}
export function releaseFigures(window?: string, history?: string): Promise<ReleaseRow[]>;
export function figuresOf(rows: readonly ReleaseRow[], remote: string, version: string): ReleaseRow;
