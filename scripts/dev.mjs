// `npm run dev`: every app in watch mode on its port (rspack dev server) plus the sandbox API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { APPS, repoRoot } from './apps.mjs';
import { announce, onStop, startSandbox } from './suite.mjs';

const children = [
  startSandbox({ watch: true }),
  ...APPS.map(({ dir }) =>
    spawn(process.execPath, [join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'serve', '--mode', 'development'], {
      cwd: join(repoRoot, dir),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    }),
  ),
];
onStop(() => children.forEach((child) => child.kill()));
announce(() => '  (watch mode)');
