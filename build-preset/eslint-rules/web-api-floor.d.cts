/** Types of web-api-floor.cjs (the browser floor's ESLint rule for options, option values and events). */
import type { Rule } from 'eslint';

interface SupportStatement {
  version_added: string | boolean | null;
  version_removed?: string | boolean | null;
  flags?: unknown[];
  prefix?: string;
  alternative_name?: string;
  partial_implementation?: boolean;
}

export const rules: { 'web-api-options': Rule.RuleModule };
/** The oldest version of each BCD browser (chrome, webview_android, safari_ios, firefox…) a browserslist query names. */
export function floorVersions(query: string | readonly string[]): Record<string, string>;
/** The floor's browsers ("browser version") that lack a feature of BCD. */
export function unsupportedIn(
  compat: { support: Record<string, SupportStatement | SupportStatement[] | undefined> } | undefined,
  floor: Record<string, string>,
): string[];
