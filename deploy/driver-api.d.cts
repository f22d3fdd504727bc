/** See driver-api.cjs. */
export type DriverApiAccess = 'open' | 'onboarding' | 'driver' | 'request-owner' | 'signed-in';
export interface DriverApiRule {
  service: string;
  methods: string[];
  pattern: string;
  access: DriverApiAccess;
  regex: RegExp;
}
export const PROXY_PREFIX: string;
export const PROXIED_SERVICES: string[];
export const RULES: DriverApiRule[];
export function ruleOf(
  service: string,
  method: string,
  path: string,
): { access: DriverApiAccess; driverId?: string; requestId?: string } | undefined;
export function needsToken(access: DriverApiAccess): boolean;
export function isAmbiguousPath(path: string): boolean;
export function nginxDriverApiMaps(): string;
