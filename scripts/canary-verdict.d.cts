/** See canary-verdict.cjs. */
export interface Figures {
  loads: number;
  clients: number;
  errors: number;
  lcpP75Ms: number | null;
  inpP75Ms: number | null;
}
export interface Thresholds {
  minLoads: number;
  minClients: number;
  margin: number;
  vitalsMargin: number;
  lcpMs: number;
  inpMs: number;
  maxShareFactor: number;
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
