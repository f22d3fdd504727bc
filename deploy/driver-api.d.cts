/** See driver-api.cjs. */
export type DriverApiAccess = 'open' | 'onboarding' | 'driver' | 'request-owner' | 'signed-in';
export interface DriverApiRule {
  service: string;
  methods: string[];
  /** The path after /driver-api/<service>/ as a template: `{driver}`, `{request}`, `{n}`, `{any}`. */
  path: string;
  access: DriverApiAccess;
  pattern: string;
  regex: RegExp;
}
/** One way a path is refused by the path rule of both servers (400). */
export interface OddPath {
  reason: string;
  pattern: string;
  regex: RegExp;
}
export const PROXY_PREFIX: string;
export const PROXIED_SERVICES: string[];
export const RULES: DriverApiRule[];
export const ODD_PATHS: OddPath[];
export const PROXY_PATH: RegExp;
export function ruleOf(
  service: string,
  method: string,
  path: string,
): { access: DriverApiAccess; driverId?: string; requestId?: string } | undefined;
export function needsToken(access: DriverApiAccess): boolean;
export function oddPathReason(target: string): string | undefined;
export function canonicalPath(path: string): string;
export function nginxDriverApiMaps(): string;
