/** See tree.cjs. */
export function listFiles(folder: string): string[];
export function hashTree(folder: string): string;
