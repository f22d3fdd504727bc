import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');

describe('release:status without a Prometheus to read', () => {
  it('exits 1 and says how to get one', () => {
    // Port 9 on loopback: nothing answers (discard), so the query fails at once.
    const run = spawnSync(process.execPath, [join(repo, 'scripts', 'release-status.mjs')], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, PORTAL_PROMETHEUS_URL: 'http://127.0.0.1:9' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('release:status: Prometheus (http://127.0.0.1:9) cannot be read');
    expect(run.stderr).toContain('apt-get install prometheus');
    expect(run.stderr).toContain('PORTAL_PROMETHEUS_URL');
  });

  it('refuses a window that is not a Prometheus duration, before asking anything', () => {
    const run = spawnSync(process.execPath, [join(repo, 'scripts', 'release-status.mjs'), '--window', '30 minutes'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--window takes a Prometheus duration such as 30m or 2h');
  });
});
