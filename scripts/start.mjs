// `npm start`: builds what is missing, serves the production builds (host 3000, remotes
// 3001-3004) and the sandbox API (4000), and prints the URL to open.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { APPS, DEMO_DRIVER_ID, DEMO_TOKEN, HOST, repoRoot, SANDBOX_PORT } from './apps.mjs';
import { serveStatic } from './static-server.mjs';

const skipBuild = process.argv.includes('--no-build');
if (!skipBuild) {
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--missing'], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))));
  });
}

const sandbox = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'sandbox-api/src/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(SANDBOX_PORT) },
});

// The portal is only announced once the sandbox answers, so tests never race it.
const deadline = Date.now() + 30_000;
for (;;) {
  const healthy = await fetch(`http://localhost:${SANDBOX_PORT}/__sandbox/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (healthy) break;
  if (Date.now() > deadline) {
    console.error('sandbox API did not start');
    sandbox.kill();
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const hostOrigins = [`http://localhost:${HOST.port}`, `http://127.0.0.1:${HOST.port}`];
const servers = await Promise.all(
  APPS.map(({ dir, port }) =>
    serveStatic({
      root: join(repoRoot, dir, 'dist'),
      port,
      host: process.env.BIND_HOST ?? 'localhost',
      // Remotes answer CORS only to the host (their manifest is fetched with fetch).
      corsOrigins: dir === HOST.dir ? undefined : hostOrigins,
    }),
  ),
);
for (const { dir, port } of APPS) console.log(`${dir.padEnd(18)} http://localhost:${port}/`);
console.log(`${'sandbox-api'.padEnd(18)} http://localhost:${SANDBOX_PORT}/`);
console.log(`\nOpen the portal: http://localhost:${HOST.port}/App?token=${DEMO_TOKEN}&driverId=${DEMO_DRIVER_ID}\n`);

const stop = () => {
  sandbox.kill();
  servers.forEach((server) => server.close());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
sandbox.on('exit', (code) => {
  if (code !== null && code !== 0) {
    console.error(`sandbox API stopped (${code})`);
    servers.forEach((server) => server.close());
    process.exit(1);
  }
});
