/** See render.cjs. */
export function renderTemplate(text: string, vars: Record<string, string>): string;
