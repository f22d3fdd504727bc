/** Types of page-cohort.mjs (the canary cohort on `npm start`'s server). */
import type { IncomingMessage } from 'node:http';
export const COHORT_SECRET: string;
export function pageCohort(options: {
  authUrl: string;
  secret?: string;
}): (req: IncomingMessage, url: URL) => Promise<Record<string, string | string[]>>;
