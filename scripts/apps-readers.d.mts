/** See apps-readers.mjs. */
export function testsReadingApps(root: string): string[];
