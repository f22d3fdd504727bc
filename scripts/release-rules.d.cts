/** See release-rules.cjs. */
export const ROLLBACK_DEPTH: number;
export function graceMs(env: NodeJS.ProcessEnv): number;
export function expiredReleases(state: {
  releases: readonly string[];
  live: readonly string[];
  history: readonly string[];
  retiredAt: Record<string, number>;
  now: number;
  graceMs: number;
}): string[];
export function retire(
  retiredAt: Record<string, number>,
  releases: readonly string[],
  live: readonly string[],
  now: number,
): Record<string, number>;
