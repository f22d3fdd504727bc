/** See render.cjs. */
export function renderTemplate(text: string, vars: Record<string, string>): string;
export function renderPrefix(prefix: string, role: 'host' | 'remote', vars: Record<string, string>, mainConf: string): string;
export const LOAD_MODULES: string;
