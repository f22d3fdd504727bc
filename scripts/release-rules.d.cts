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
export function releasePaths(input: {
  deployment?: string;
  root?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  checkout: string;
  exists?: (file: string) => boolean;
}): { deployRoot: string; named: boolean; appsJson: string | undefined; root: string };
export interface Release {
  id: string;
  prefixes?: string[];
}
export function historyOf(raw: unknown): Release[];
export function pushRelease(history: Release[], release: Release): Release[];
export function samePrefixes(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean;
export function withLivePrefixes<T extends { remotes: Array<{ app: string; prefixes: string[] }> }>(
  suite: T,
  remoteList: Array<{ name: string; prefixes?: string[] }>,
): T;
export function prefixesProblems(
  suite: { remotes: Array<{ app: string; prefixes: string[] }> },
  dir: string,
  prefixes: string[],
  label: string,
): string[];
export function prefixChange(before: readonly string[], after: readonly string[]): string;
