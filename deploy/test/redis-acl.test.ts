import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { aclFileText, newPassword, passwordProblem, redisUrl, redisUsers, RULES_FILE } from '../redis-acl.cjs';
import { answersPing, freePort } from '../redis-server.cjs';
import { createRedisStore, nginxBucket } from '../store.cjs';

/*
 * The shared store's users (decision 0025; issue 45, 4: Redis answered every container with no
 * password and protected mode off, FLUSHALL from the edge refilled a throttled client's budget,
 * CLIENT PAUSE turned a driver's mint into 503). Redis (Debian's redis-server, the image's) started
 * by the redis image's own entrypoint: nothing is done without logging in; the handoff's user does
 * everything deploy/store.cjs does and nothing else.
 */

const repo = join(__dirname, '..', '..');
const ENTRYPOINT = join(repo, 'deploy', 'docker', 'redis-entrypoint.sh');
const HEALTHZ = join(repo, 'deploy', 'docker', 'redis-healthz.sh');

describe("the Redis users' rules (deploy/docker/redis-users.acl)", () => {
  it('gives each service its own user, turns default off and keeps the passwords out of the file (SHA-256 only)', () => {
    expect(redisUsers().map((user) => user.name)).toEqual(['handoff']);
    const password = newPassword();
    expect(passwordProblem(password)).toBeUndefined();
    const text = aclFileText({ handoff: password });
    expect(text.split('\n')[0]).toBe('user default off');
    expect(text).not.toContain(password);
    expect(text).toMatch(/^user handoff on #[0-9a-f]{64} resetchannels ~portal:\* -@all /m);
    // A deployment's own prefix moves the keys the user may touch.
    expect(aclFileText({ handoff: password }, { prefix: 'staging:' })).toContain('~staging:*');
    expect(() => aclFileText({})).toThrow('the Redis password of handoff (PORTAL_REDIS_PASSWORD_HANDOFF) is not set');
    expect(() => aclFileText({ handoff: 'short' })).toThrow('must be 32 or more letters, digits, - or _');
    // The password goes into the URL as it is, and no dangerous command is granted.
    expect(redisUrl({ host: 'redis', port: 6379, user: 'handoff', password })).toBe(`redis://handoff:${password}@redis:6379/0`);
    expect(readFileSync(RULES_FILE, 'utf8')).not.toMatch(
      /^\w.*\+(@all|@dangerous|flushall|flushdb|client|config|debug|keys|script|shutdown|monitor)\b/im,
    );
  });

  it('grants the handoff exactly the commands deploy/store.cjs sends (its scripts and its client), and the connection ones', () => {
    const source = readFileSync(join(repo, 'deploy', 'store.cjs'), 'utf8');
    const scripted = [...source.matchAll(/redis\.call\('([A-Z]+)'/g)].map((match) => match[1]!.toLowerCase());
    const direct = [...source.matchAll(/\bclient\.([a-z]+)\(/g)]
      .map((match) => match[1]!)
      .filter((name) => !['on', 'disconnect', 'defineCommand'].includes(name));
    const needed = new Set([...scripted, ...direct, 'evalsha', 'eval', 'info']);
    const granted = redisUsers()
      .find((user) => user.name === 'handoff')!
      .rules.split(' ')
      .filter((rule) => rule.startsWith('+'))
      .map((rule) => rule.slice(1));
    expect([...granted].sort()).toEqual([...needed].sort());
  });
});

describe('Redis as the redis image starts it (redis-entrypoint.sh)', () => {
  let redis: ChildProcess | undefined;
  let port = 0;
  let dir = '';
  const password = newPassword();
  const acl = () => join(dir, 'acl', 'users.acl');
  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    PORTAL_REDIS_USERS: RULES_FILE,
    PORTAL_REDIS_ACL_FILE: acl(),
    ...extra,
  });
  /** What redis-cli says (its AUTH failure goes to stderr, the command's answer to stdout). */
  const cli = (args: string[], auth?: string) => {
    const run = spawnSync('redis-cli', ['-p', String(port), '--no-auth-warning', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...(auth ? { REDISCLI_AUTH: auth } : {}) },
    });
    return `${run.stderr}${run.stdout}`.trim();
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-redis-image-'));
    port = await freePort();
    redis = spawn('sh', [ENTRYPOINT, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      env: env({ PORTAL_REDIS_PASSWORD_HANDOFF: password }),
      stdio: 'ignore',
    });
    for (let tries = 0; tries < 200 && !(await answersPing(port)); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  });
  afterAll(async () => {
    const running = redis;
    if (running && running.exitCode === null) await new Promise((resolve) => (running.once('exit', resolve), running.kill('SIGKILL')));
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops before Redis starts when a user has no password, naming the variable', () => {
    const run = spawnSync('sh', [ENTRYPOINT, '--port', '1'], {
      env: env({ PORTAL_REDIS_ACL_FILE: join(dir, 'none.acl') }),
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORTAL_REDIS_PASSWORD_HANDOFF must be set');
  });

  it('writes the ACL file deploy/redis-acl.cjs writes, readable by its owner only', () => {
    expect(readFileSync(acl(), 'utf8')).toBe(aclFileText({ handoff: password }));
    expect(statSync(acl()).mode & 0o777).toBe(0o600);
  });

  it('refuses every command before a login, a wrong password, and every command the handoff does not need (issue 45, 4)', () => {
    expect(cli(['ping'])).toBe('NOAUTH Authentication required.');
    expect(cli(['flushall'])).toBe('NOAUTH Authentication required.');
    expect(cli(['--user', 'default', 'ping'], 'anything')).toMatch(/^AUTH failed: WRONGPASS.*\nNOAUTH/);
    expect(cli(['--user', 'handoff', 'flushall'], `${password}x`)).toMatch(/^AUTH failed: WRONGPASS.*\nNOAUTH/);
    expect(cli(['--user', 'handoff', 'ping'], password)).toBe('PONG');
    for (const command of [
      ['flushall'],
      ['flushdb'],
      ['client', 'pause', '6000'],
      ['config', 'get', '*'],
      ['keys', '*'],
      ['debug', 'sleep', '0'],
      ['shutdown'],
      ['script', 'flush'],
      ['acl', 'list'],
      ['set', 'other:key', '1'],
      ['get', 'elsewhere'],
    ])
      expect([command.join(' '), cli(['--user', 'handoff', ...command], password)]).toEqual([
        command.join(' '),
        // DEBUG is off for everyone too (Redis 7's enable-debug-command), before the ACL is asked.
        expect.stringMatching(command[0] === 'debug' ? /^(NOPERM|ERR DEBUG command not allowed)/ : /^NOPERM/),
      ]);
  });

  it("lets the handoff's user do all the store does: codes, slots, limits, as deploy/store.cjs does them", async () => {
    const store = createRedisStore({ url: redisUrl({ host: '127.0.0.1', port, user: 'handoff', password }) });
    try {
      for (let tries = 0; tries < 100 && !(await store.ping()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.ping()).toBe(true);
      const put = { ttlMs: 30_000, network: '198.51.100.0/24', perDriver: 2, perNetwork: 2, maxEntries: 100 };
      expect(await store.putCode('code-a', 'sealed-a', { ...put, driver: 'driver-1' })).toBe('ok');
      expect(await store.putCode('code-b', 'sealed-b', { ...put, driver: 'driver-2' })).toBe('ok');
      expect(await store.putCode('code-c', 'sealed-c', { ...put, driver: 'driver-3' })).toBe('network');
      expect(await store.codes()).toBe(2);
      expect(await store.takeCode('code-a')).toBe('sealed-a');
      expect(await store.takeCode('code-a')).toBeUndefined();
      const limiter = store.limiter('acl-test', nginxBucket({ perMinute: 60, burst: 1 }));
      expect([await limiter.admit('c'), await limiter.admit('c'), (await limiter.admit('c')).ok]).toEqual([
        { ok: true },
        { ok: true },
        false,
      ]);
      // The health check the image runs: PONG to that user (redis-cli here on this test's port).
      writeFileSync(join(dir, 'redis-cli'), `#!/bin/sh\nexec /usr/bin/redis-cli -p ${port} "$@"\n`, { mode: 0o755 });
      const health = spawnSync('sh', [HEALTHZ], {
        env: env({ PORTAL_REDIS_PASSWORD_HANDOFF: password, PATH: `${dir}:${process.env.PATH ?? ''}` }),
      });
      expect(health.status).toBe(0);
    } finally {
      await store.close();
    }
    // A client with no login (a container that reached the port) changes nothing.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('FLUSHALL\r\n'));
      socket.once('data', (data) => (socket.destroy(), resolve(data.toString())));
      socket.once('error', reject);
    });
    expect(answer).toBe('-NOAUTH Authentication required.\r\n');
  });
});
