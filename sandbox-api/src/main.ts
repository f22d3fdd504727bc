import { remoteHandlers } from './remote-handlers';
import { createSandboxServer } from './server';

/** Starts the sandbox on PORT (default 4000), where config/env.json expects it. */
const port = Number(process.env.PORT ?? 4000);
const server = createSandboxServer({ log: (line) => console.log(line) });

server.listen(port, () => {
  console.log(`[sandbox-api] listening on http://localhost:${port}/ (health: /__sandbox/health)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

// A remote added to the running deployment: its sandbox endpoints load now (without the signal,
// on the first call no handler answers: remote-handlers.ts).
process.on('SIGHUP', () => {
  const added = remoteHandlers.scan();
  console.log(`[sandbox-api] apps lists read again: ${added ? 'new remote handlers loaded' : 'no new remote handlers'}`);
});
