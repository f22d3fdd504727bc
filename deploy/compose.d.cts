/** See compose.cjs. */
export interface ComposeFile {
  // Compose services are free-form maps (build, ports, environment, ...): each reader narrows what it checks.
  services: Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form, see above
  [key: string]: unknown;
}
export const APPS_FILE: string;
export const BASE_FILE: string;
export function appsCompose(base?: ComposeFile): ComposeFile;
export function appsComposeText(): string;
export function composeProject(): ComposeFile;
export function versionVariable(dir: string): string;
