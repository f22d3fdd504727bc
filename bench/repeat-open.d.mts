/** Types of bench/repeat-open.mjs, for the repeat-open budget (e2e/tests/deep-links-repeat.spec.ts). */
import type { BrowserContext, Page } from '@playwright/test';

export interface Exchange {
  url: string;
  method: string;
  type: string;
  /** As the network answered: 304 for a revalidation. */
  status: number;
  fromCache: boolean;
  /** Bytes received: status line, headers and body as they came (0 from the cache). */
  bytes: number;
  failed: boolean;
  document: boolean;
}
export interface FileFigures {
  requests: number;
  network: number;
  notModified: number;
  cached: number;
  bytes: number;
  fullDownloads: string[];
}
export interface OpenFigures {
  files: FileFigures;
  services: { requests: number; bytes: number };
}
export interface OpenTiming {
  minMs?: number;
  quietMs?: number;
  maxMs?: number;
}
export function isPortalFile(url: string, appOrigins: ReadonlySet<string>): boolean;
export function openOnce(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
  timing?: OpenTiming,
): Promise<Exchange[]>;
export function openFigures(exchanges: readonly Exchange[], appOrigins: ReadonlySet<string>): OpenFigures;
export function openTwice(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
  appOrigins: ReadonlySet<string>,
  timing?: OpenTiming,
): Promise<{ first: OpenFigures; second: OpenFigures; secondExchanges: Exchange[] }>;
