/** See compose.cjs. */
export interface ComposeFile {
  // Compose services are free-form maps (build, ports, environment, ...): each reader narrows what it checks.
  services: Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form, see above
  [key: string]: unknown;
}
export const APPS_FILE: string;
export const BASE_FILE: string;
/** portOffset: added to every public port (PORTAL_COMPOSE_PORT_OFFSET). */
export interface RenderOptions {
  portOffset?: number;
}
export function appsCompose(base?: ComposeFile, options?: RenderOptions): ComposeFile;
export function appsComposeText(options?: RenderOptions): string;
export function composeProject(options?: RenderOptions): ComposeFile;
/** Every network of docker-compose.yml as `<project>_<name>`, its subnet if fixed (scripts/compose.mjs makes them on podman, isolated). */
export function projectNetworks(project: string, base?: ComposeFile): { name: string; subnet?: string; internal: boolean }[];
export function portOffsetFromEnv(env?: Record<string, string | undefined>): number;
export function versionVariable(dir: string): string;
