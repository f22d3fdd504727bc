/** See compose.cjs. */
export interface ComposeFile {
  services: Record<string, Record<string, any>>;
  [key: string]: unknown;
}
export const APPS_FILE: string;
export const BASE_FILE: string;
export function appsCompose(base?: ComposeFile): ComposeFile;
export function appsComposeText(): string;
export function composeProject(): ComposeFile;
export function versionVariable(dir: string): string;
