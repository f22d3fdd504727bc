/** Types of the part of static-server.mjs the unit tests use. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined;
export function cacheControl(fileName: string): string;
export const STATIC_FILE: RegExp;
