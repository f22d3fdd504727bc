/** See deployment-record.cjs. */
export interface RemoteEntry {
  app: string;
  port: number;
  prefixes: string[];
  camera?: boolean;
}
export interface AppsList {
  host: { app: string; port: number };
  remotes: RemoteEntry[];
  sandboxPort: number;
}
export function recordFile(deployRoot: string): string;
export function hasDeployment(deployRoot: string): boolean;
export function isPublished(deployRoot: string, dir: string): boolean;
export function listOf(suite: {
  HOST: { dir: string; port: number };
  REMOTES: ReadonlyArray<{ dir: string; port: number; prefixes: readonly string[]; camera: boolean }>;
  SANDBOX_PORT: number;
}): AppsList;
export function writeRecord(deployRoot: string, list: AppsList): string;
export function adoptDeployment(deployRoot: string, fallbackList: AppsList): string | undefined;
export function deploymentPaths(
  input: Parameters<typeof import('./release-rules.cjs').releasePaths>[0],
): ReturnType<typeof import('./release-rules.cjs').releasePaths>;
