/** See build-inputs.mjs. */
export function buildInputsHash(root: string, dir: string): string;
export function rebuildReason(root: string, dir: string, hash?: string): string | undefined;
export function recordBuild(root: string, dir: string, hash: string): void;
export function appsInput(text: string, dir: string): string;
