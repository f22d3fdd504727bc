/** See canary-verdict.cjs. */
/**
 * A release's counts over a window, of verified beacons only (a valid driver proof: decision 0022):
 * errors capped per driver by the receiver; drivers: distinct drivers; errorDrivers: distinct
 * drivers with errors.
 */
export interface Counts {
  loads: number;
  drivers: number;
  errors: number;
  errorDrivers?: number;
}
export interface Figures extends Counts {
  lcpP75Ms: number | null;
  inpP75Ms: number | null;
  /** The live release's counts over its history (a longer window before this one), when queried. */
  history?: Counts | null;
  /** Loads a host refused (the build does not fit it) and loads that failed, capped per driver. */
  refusals?: number;
  loadFailures?: number;
}
export interface Thresholds {
  minLoads: number;
  minDrivers: number;
  margin: number;
  driverMargin: number;
  maxErrorRate: number;
  maxErrorDriverRate: number;
  vitalsMargin: number;
  lcpMs: number;
  inpMs: number;
  maxShareFactor: number;
  minFailureDrivers: number;
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
