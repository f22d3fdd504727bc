/** See driver-api.cjs. */
export type DriverApiAccess = 'open' | 'onboarding' | 'driver' | 'signed-in';
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
export function ruleOf(service: string, method: string, path: string): { access: DriverApiAccess; driverId?: string } | undefined;
export function isAmbiguousPath(path: string): boolean;
export function nginxDriverApiMaps(): string;
