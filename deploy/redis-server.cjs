// @ts-check
/**
 * A throwaway redis-server for tests and local runs (Debian's /usr/bin/redis-server, installed on
 * CI by scripts/test-machine.mjs): a free loopback port (never 6379), no disk at all (`--save ''
 * --appendonly no`: what the portal's store holds are 30 s secrets and buckets, never worth a
 * copy on disk), its own working folder, stopped with the process that started it. With `acl`,
 * the deployment's users (deploy/redis-acl.cjs: `default` off, each service its own user, password
 * and commands), as the redis image and `start:nginx --replicas` run it.
 */
const { spawn } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { createServer, connect } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { aclFileText, newPassword, redisUrl, redisUsers } = require('./redis-acl.cjs');

const REDIS_SERVER = process.env.PORTAL_REDIS_SERVER || '/usr/bin/redis-server';

/** Whether Debian's redis-server is installed here. */
const hasRedisServer = () => existsSync(REDIS_SERVER);

/** A port no one listens on now, from the kernel's ephemeral range. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Whether a Redis on loopback `port` answers PING within 0.5 s: PONG, or NOAUTH from one whose
 * `default` user is off (it answers, and refuses anyone who has not logged in).
 * @param {number} port @returns {Promise<boolean>}
 */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()));
    });
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts redis-server on a free port; `restart()` stops it (SIGKILL: as a crash, nothing flushed)
 * and starts a new, empty one on the same port, answering when it answers PING. `acl`: the users of
 * deploy/docker/redis-users.acl, each with a new password (`passwords`, `urls`: each user's
 * PORTAL_REDIS_URL), in an ACL file of its folder (0600); `url` then logs in as no one.
 * @param {{ port?: number, acl?: boolean }} [options]
 */
async function startRedis({ port, acl = false } = {}) {
  const at = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'portal-redis-'));
  /** @type {Record<string, string>} */
  const passwords = acl ? Object.fromEntries(redisUsers().map(({ name }) => [name, newPassword()])) : {};
  const aclFile = join(dir, 'users.acl');
  if (acl) writeFileSync(aclFile, aclFileText(passwords), { mode: 0o600 });
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  const launch = async () => {
    child = spawn(
      REDIS_SERVER,
      [
        ...['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
        ...(acl ? ['--aclfile', aclFile] : []),
      ],
      { stdio: 'ignore' },
    );
    for (let tries = 0; tries < 200; tries += 1) {
      if (await answersPing(at)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`redis-server did not answer on port ${at}`);
  };
  const kill = () =>
    new Promise((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve(undefined);
      running.once('exit', () => resolve(undefined));
      running.kill('SIGKILL');
    });
  await launch();
  return {
    port: at,
    url: `redis://127.0.0.1:${at}/0`,
    passwords,
    /** @type {Record<string, string>} */
    urls: Object.fromEntries(
      Object.entries(passwords).map(([user, password]) => [user, redisUrl({ host: '127.0.0.1', port: at, user, password })]),
    ),
    /** Stops it (as a crash) and keeps the port free for `start`. */
    stop: kill,
    /** Starts it again on the same port, empty. */
    start: launch,
    async restart() {
      await kill();
      await launch();
    },
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startRedis, hasRedisServer, freePort, answersPing };
