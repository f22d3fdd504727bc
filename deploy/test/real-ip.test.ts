import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { believedClient, freePort, runNginxHttp, type RunningNginx } from './nginx-harness';

/*
 * Whose X-Forwarded-For the app image believes (decision 0025): the one proxy in front of it, by
 * address, from PORTAL_TRUSTED_PROXIES (deploy/docker/30-portal-real-ip.sh, run at the image's
 * start). Before, the image trusted every private range (any container of the network named any
 * client it liked). A real nginx (Debian's, the image's) with the file the script writes answers
 * the address it believes; callers come from two loopback addresses, one of them the proxy.
 */

const repo = join(__dirname, '..', '..');
const SCRIPT = join(repo, 'deploy', 'docker', '30-portal-real-ip.sh');

/** Runs the image's script with PORTAL_TRUSTED_PROXIES; returns the file it wrote. */
function realIpConf(dir: string, proxies: string | undefined) {
  mkdirSync(join(dir, 'conf.d'), { recursive: true });
  execFileSync('sh', [SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '',
      NGINX_ENVSUBST_OUTPUT_DIR: dir,
      ...(proxies === undefined ? {} : { PORTAL_TRUSTED_PROXIES: proxies }),
    },
    stdio: 'pipe',
  });
  return readFileSync(join(dir, 'conf.d', 'portal-real-ip.conf'), 'utf8');
}

const believed = believedClient;

describe("the app image's forwarded addresses (30-portal-real-ip.sh)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-real-ip-'));
    dirs.push(dir);
    return dir;
  };

  it('writes one set_real_ip_from per proxy named, none when unset or empty, and refuses what is no address or name', () => {
    expect(realIpConf(scratch(), 'edge 10.89.5.0/24 fd00::/8')).toBe(
      [
        '# Written by /docker-entrypoint.d/30-portal-real-ip.sh from PORTAL_TRUSTED_PROXIES.',
        'set_real_ip_from edge;',
        'set_real_ip_from 10.89.5.0/24;',
        'set_real_ip_from fd00::/8;',
        'real_ip_header X-Forwarded-For;',
        '',
      ].join('\n'),
    );
    for (const unset of [undefined, '', '  '])
      expect([unset, realIpConf(scratch(), unset)]).toEqual([
        unset,
        '# Written by /docker-entrypoint.d/30-portal-real-ip.sh from PORTAL_TRUSTED_PROXIES.\n',
      ]);
    // An nginx directive smuggled in the value stops the image before nginx starts.
    for (const bad of ['10.0.0.1;include /etc/shadow', '10.0.0.0/8 "x"', '-1.2.3.4'])
      expect(() => realIpConf(scratch(), bad)).toThrow(/is not an address, a network or a host name/);
  });

  describe('in a real nginx', () => {
    let nginx: RunningNginx | undefined;
    let port = 0;
    const start = async (proxies: string | undefined) => {
      const dir = scratch();
      realIpConf(dir, proxies);
      port = await freePort();
      nginx = await runNginxHttp(
        dir,
        `    include ${dir}/conf.d/portal-real-ip.conf;\n    server { listen 127.0.0.1:${port}; location / { return 200 "$remote_addr"; } }`,
        port,
      );
    };
    afterEach(async () => {
      await nginx?.stop();
      nginx = undefined;
    });

    it('believes X-Forwarded-For from the proxy named only: any other caller, loopback or not, is its own address', async () => {
      await start('127.0.0.2');
      expect(await believed(port, '127.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
      // Another local caller's made-up header names no one (before: every private range was believed).
      expect(await believed(port, '127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
      expect(await believed(port, '127.0.0.9', '203.0.113.8')).toBe('127.0.0.9');
    });

    it('believes no one with PORTAL_TRUSTED_PROXIES unset (the image on its own)', async () => {
      await start(undefined);
      expect(await believed(port, '127.0.0.2', '203.0.113.7')).toBe('127.0.0.2');
    });

    it('the image as it was (every private range, 127.0.0.0/8 included) believed any local caller: the test tells them apart', async () => {
      await start('127.0.0.0/8 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16');
      expect(await believed(port, '127.0.0.9', '203.0.113.8')).toBe('203.0.113.8');
    });
  });
});
