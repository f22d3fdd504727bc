// The apps of the suite and their ports: the one list every script reads.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const HOST = { dir: 'host', port: 3000, name: 'host' };
export const REMOTES = [
  { dir: 'mfe-self-service', port: 3001, name: 'mfe_self_service' },
  { dir: 'mfe-onboarding', port: 3002, name: 'mfe_onboarding' },
  { dir: 'mfe-account', port: 3003, name: 'mfe_account' },
  { dir: 'mfe-insurance', port: 3004, name: 'mfe_insurance' },
];
export const APPS = [HOST, ...REMOTES];
export const SANDBOX_PORT = 4000;
export const DEMO_TOKEN = 'demo-token';
export const DEMO_DRIVER_ID = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
