/** See canary-verdict.cjs. */
/** A release's counts over a window (errors capped per client by the receiver; errorClients: distinct clients with errors). */
export interface Counts {
  loads: number;
  clients: number;
  errors: number;
  errorClients?: number;
}
export interface Figures extends Counts {
  lcpP75Ms: number | null;
  inpP75Ms: number | null;
  /** The live release's counts over its history (a longer window before this one), when queried. */
  history?: Counts | null;
  /** Loads a host refused (the build does not fit it) and loads that failed, capped per client. */
  refusals?: number;
  loadFailures?: number;
}
export interface Thresholds {
  minLoads: number;
  minClients: number;
  margin: number;
  clientMargin: number;
  maxErrorRate: number;
  maxErrorClientRate: number;
  vitalsMargin: number;
  lcpMs: number;
  inpMs: number;
  maxShareFactor: number;
  minFailureClients: number;
  failureMargin: number;
  maxFailureRate: number;
}
export interface Verdict {
  decision: 'wait' | 'promote' | 'rollback';
  reason: string;
}
export const DEFAULT_THRESHOLDS: Thresholds;
export function canaryVerdict(
  release: { canary: Figures; live: Figures; percent: number; canaryId: string; liveId: string },
  options?: Partial<Thresholds>,
): Verdict;
export function thresholdsFromArgs(argv: readonly string[]): Partial<Thresholds>;
