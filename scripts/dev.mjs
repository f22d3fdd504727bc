// `npm run dev`: every app in watch mode on its port (rspack dev server) plus the sandbox API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { APPS, DEMO_DRIVER_ID, DEMO_TOKEN, HOST, repoRoot, SANDBOX_PORT } from './apps.mjs';

const children = [
  spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'watch', join(repoRoot, 'sandbox-api/src/main.ts')], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(SANDBOX_PORT) },
  }),
  ...APPS.map(({ dir }) =>
    spawn(process.execPath, [join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'serve', '--mode', 'development'], {
      cwd: join(repoRoot, dir),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    }),
  ),
];
console.log(`\nOpen the portal: http://localhost:${HOST.port}/App?token=${DEMO_TOKEN}&driverId=${DEMO_DRIVER_ID}\n`);

const stop = () => {
  children.forEach((child) => child.kill());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
