/** See security-headers.cjs. */
export interface HeaderValues {
  remoteOrigins: string;
  serviceOrigins: string;
  imgOrigins: string;
  frameAncestors: string;
  xFrameOptions: string;
  cameraAllowlist: string;
  /** '' or LOOPBACK_SOURCES: localOverrideSources(PORTAL_LOCAL_OVERRIDE). */
  localOverrideSources: string;
}
/** Where a squad's local remote is served (docs/local-override.md): loopback, by name. */
export const LOOPBACK_SOURCES: string;
/** The name of the deployment setting that opts in to the local override: `on` or `off`. */
export const LOCAL_OVERRIDE_SETTING: string;
/** '' for `off` or unset, LOOPBACK_SOURCES for `on`; throws on any other value. */
export function localOverrideSources(setting: string | undefined): string;
export function contentSecurityPolicy(values: HeaderValues): string;
export function permissionsPolicy(values: HeaderValues): string;
export function securityHeaders(values: HeaderValues): Array<[string, string]>;
export function nginxHeadersTemplate(): string;
export const NGINX_PLACEHOLDERS: HeaderValues;
/** What responseHeaders reads of a request: its path (decoded, one spelling), and whether it came over TLS. */
export interface ResponseRequest {
  path: string;
  /** This server's own connection is TLS. */
  encrypted: boolean;
  /** The X-Forwarded-Proto header of the proxy in front, as received. */
  forwardedProto: string | string[] | undefined;
}
export function resourcePolicy(path: string): 'cross-origin' | 'same-origin';
export function responseHeaders(request: ResponseRequest): Array<[string, string]>;
export const HSTS: string;
export const BUILD_FILE: RegExp;
