/** Types of driver-api-proxy.mjs (deploy/test/path-rule.test.ts runs it in-process). */
export function driverApiProxy(options: {
  upstream: string;
  authUrl: string;
  appOrigins: ReadonlySet<string>;
  /** Where the open calls' limit counts (default: this process's memory; deploy/store.cjs). */
  store?: import('../deploy/store.cjs').Store;
  /** The local test run's secret proving sandbox namespaces (default PORTAL_TEST_NAMESPACE_SECRET; decision 0024). */
  namespaceSecret?: string;
  /** Where a limit let through (unreachable) or refused (an odd answer) is said (default: stderr). */
  log?: (line: string) => void;
}): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean;
