/** See security-headers.cjs. */
export interface HeaderValues {
  remoteOrigins: string;
  serviceOrigins: string;
  imgOrigins: string;
  frameAncestors: string;
  xFrameOptions: string;
  cameraAllowlist: string;
}
export function contentSecurityPolicy(values: HeaderValues): string;
export function permissionsPolicy(values: HeaderValues): string;
export function securityHeaders(values: HeaderValues): Array<[string, string]>;
export function nginxHeadersTemplate(): string;
export const NGINX_PLACEHOLDERS: HeaderValues;
