/** Types of apps-validate.cjs (the one validator of apps.json). */
export const REMOTE_NAME: RegExp;
export const HOST_NAME: RegExp;
export const PREFIX: RegExp;
export const NAME_MAX: number;
export const PREFIX_MAX: number;
export const RELEASE_ID: RegExp;
export const RESERVED_PORTS: ReadonlyMap<number, string>;
export const RESERVED_PREFIXES: ReadonlyMap<string, string>;
export class AppsError extends Error {
  problems: string[];
  constructor(problems: string[]);
}
/** Every problem of a list, each `<label> <field>: <reason>`; empty when valid. */
export function appsProblems(suite: unknown, label?: string): string[];
/** The list if valid, else throws an AppsError naming every bad field. */
export function checkApps<T>(suite: T, label?: string): T;
export function prefixesOverlap(a: string, b: string): boolean;
export function releaseIdProblem(id: unknown): string | undefined;
export function appsSchema(): Record<string, unknown>;
