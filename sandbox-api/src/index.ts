/** What tests and end-to-end suites import from the sandbox. */
export * from './constants';
export { createSandboxServer, type SandboxServerOptions } from './server';
export { createSeed } from './seed';
export { INBOX_CATEGORY } from './fixtures/inbox';
export { MALICIOUS_HTML } from './fixtures/malicious';
export type { SandboxState } from './state';
