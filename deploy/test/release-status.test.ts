import { execFile, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('refuses a history that is not a Prometheus duration', () => {
    const run = spawnSync(process.execPath, [join(repo, 'scripts', 'release-status.mjs'), '--history', 'forever'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--history takes a Prometheus duration such as 30m or 2h');
  });
});

describe('release:status with a Prometheus to read', () => {
  it('prints the drivers with errors and the error rate of the history before the window, asked with the history’s offsets', async () => {
    const queries: string[] = [];
    // A Prometheus answering every query with one series of mfe_account's release r-x: what the
    // query asks decides the value, so each column shows which query filled it.
    const prometheus = createServer((request, response) => {
      const promql = new URL(request.url ?? '/', 'http://x').searchParams.get('query') ?? '';
      queries.push(promql);
      const offset = promql.includes('offset 1800s');
      const value = promql.includes('histogram_quantile')
        ? 'NaN'
        : promql.includes('error_drivers')
          ? offset
            ? '40'
            : '7'
          : promql.includes('errors_total')
            ? offset
              ? '120'
              : '9'
            : promql.includes('loads_total')
              ? offset
                ? '6000'
                : '300'
              : promql.includes('drivers_total')
                ? '60'
                : '0';
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ status: 'success', data: { result: [{ metric: { remote: 'mfe_account', release: 'r-x' }, value: [0, value] }] } }),
      );
    });
    await new Promise<void>((resolve) => prometheus.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(prometheus.address() as AddressInfo).port}`;
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          [join(repo, 'scripts', 'release-status.mjs'), '--window', '30m', '--history', '6h'],
          { cwd: repo, env: { ...process.env, PORTAL_PROMETHEUS_URL: url } },
          (error, out) => (error ? reject(error) : resolve(out)),
        ),
      );
      const lines = stdout.split('\n');
      const header = lines.find((line) => line.startsWith('remote')) ?? '';
      expect(header).toMatch(/loads\s+drivers\s+errors\/1000 loads\s+drivers with errors\s+errors\/1000 loads, 6h before/);
      // 9 errors in 300 loads (30 per 1,000), 7 drivers with errors; the 6 h before: 120 in 6,000 (20).
      expect(lines.find((line) => line.startsWith('mfe_account'))).toMatch(/^mfe_account\s+r-x\s+(?:\S+\s+)?300\s+60\s+30\s+7\s+20\s/);
      // The history ends where the window starts and spans 6 h before it.
      expect(queries).toContainEqual(
        expect.stringContaining(
          'portal_remote_errors_total{verified="true"} offset 1800s - portal_remote_errors_total{verified="true"} offset 23400s',
        ),
      );
    } finally {
      prometheus.close();
    }
  });
});
