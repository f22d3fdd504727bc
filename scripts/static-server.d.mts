/** Types of the part of static-server.mjs the unit tests use. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined;
export function cacheControl(fileName: string): string;
export const STATIC_FILE: RegExp;
/** The Node server of `npm start` (deploy/test/path-rule.test.ts runs it in-process). */
export function serveStatic(options: {
  root: string;
  port: number;
  corsOrigins?: string[] | '*';
  host?: string;
  headers?: Array<[string, string]>;
  proxy?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean;
  cohort?: (req: import('node:http').IncomingMessage, url: URL) => Promise<Record<string, string | string[]>>;
}): Promise<import('node:http').Server>;
/** The ETag of a file's answer: its content's digest, the answer's encoding and the cohort it names. */
export function entityTag(digest: string, encoding: string | undefined, cohort: string | undefined): string;
/** Whether an If-None-Match header names `etag` (weak comparison, lists and `*`). */
export function noneMatchNames(header: string | string[] | undefined, etag: string): boolean;
