// The benches serve the builds on the suite's own ports (those of the e2e runs of every worktree):
// `underPortsLock(main)` runs main while holding /tmp/portal-ports.lock, waiting for it first. The
// script runs itself again under flock(1) (PORTAL_PORTS_LOCKED=1 marks the inner run); without
// flock it runs unlocked.
import { spawn, spawnSync } from 'node:child_process';

export const PORTS_LOCK = '/tmp/portal-ports.lock';

/** @param {() => Promise<void>} main */
export async function underPortsLock(main) {
  if (!process.env.PORTAL_PORTS_LOCKED && spawnSync('flock', ['--version']).status === 0) {
    const child = spawn('flock', [PORTS_LOCK, process.execPath, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, PORTAL_PORTS_LOCKED: '1' },
    });
    child.on('exit', (code) => process.exit(code ?? 1));
  } else {
    await main();
  }
}
