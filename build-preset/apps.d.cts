/** Types of apps.cjs (the suite's one list of apps, apps.json). */
export interface App {
  dir: string;
  name: string;
  port: number;
  prefixes: string[];
  kind: 'host' | 'remote';
  /** Its screens take photos (Permissions-Policy camera=(self)); the host as soon as one remote does. */
  camera: boolean;
}
export interface RemoteListEntry {
  name: string;
  manifest: string;
  prefixes: string[];
}
export const APPS: App[];
export const HOST: App;
export const REMOTES: App[];
export const SANDBOX_PORT: number;
export function appOf(dir: string): App;
export function appAt(appDir: string): App;
export function containerName(dir: string): string;
export function localRemoteList(origin?: (port: number) => string): RemoteListEntry[];
