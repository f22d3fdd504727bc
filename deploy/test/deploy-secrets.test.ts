import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cohortSecretProblem, deploymentCohortSecret } from '../../scripts/cohort-secret.cjs';
import { renderPrefix } from '../nginx/render.cjs';

// Issue 37, item 10 (its secret parts): rendered configurations holding the statement credential
// and the cohort secret were mode 0644; a 16-character cohort secret was accepted where the docs
// ask for 32; and each `release:remote --new`/`--remove` without PORTAL_COHORT_SECRET re-rendered
// every app with a fresh random secret, dropping every driver's cohort cookie.
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the cohort secret', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'cohort-secret-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));
  const file = () => join(folder, '.deploy', 'cohort-secret');

  it.each([
    ['', /is 0 characters long; it needs 32 or more/],
    ['a'.repeat(16), /is 16 characters long; it needs 32 or more/],
    ['a'.repeat(31), /is 31 characters long/],
    [`${'a'.repeat(32)}";include /etc/passwd;"`, /may hold only letters, digits/],
    [`${'a'.repeat(32)} b`, /may hold only letters, digits/],
  ])('PORTAL_COHORT_SECRET=%j is refused, saying why, and nothing is written', (secret, why) => {
    expect(cohortSecretProblem(secret)).toMatch(why);
    expect(() => deploymentCohortSecret({ env: { PORTAL_COHORT_SECRET: secret }, file: file() })).toThrow(
      new RegExp(`^PORTAL_COHORT_SECRET ${why.source}`),
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('a secret of 32 or more letters, digits, "-" and "_" is used as given, and not kept on disk', () => {
    const secret = 'a-secret-of-the-deployment-0123456789';
    expect(deploymentCohortSecret({ env: { PORTAL_COHORT_SECRET: secret }, file: file() })).toBe(secret);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('without one, the deployment makes one once (0600) and every later script gets the same', () => {
    const first = deploymentCohortSecret({ env: {}, file: file() });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mode(file())).toBe(0o600);
    expect(mode(join(folder, '.deploy'))).toBe(0o700);
    // Each `release:remote --new`/`--remove` is a process of its own: it reads the same file.
    expect(deploymentCohortSecret({ env: {}, file: file() })).toBe(first);
    expect(deploymentCohortSecret({ env: {}, file: file() })).toBe(first);
    expect(readFileSync(file(), 'utf8')).toBe(first);
  });

  it('a kept secret made readable by others is made 0600 again; a kept short one is refused', () => {
    const first = deploymentCohortSecret({ env: {}, file: file() });
    writeFileSync(file(), first, { mode: 0o644 });
    expect(deploymentCohortSecret({ env: {}, file: file() })).toBe(first);
    expect(mode(file())).toBe(0o600);
    writeFileSync(file(), 'short');
    expect(() => deploymentCohortSecret({ env: {}, file: file() })).toThrow(/cohort secret .* is 5 characters long/);
  });
});

describe('the rendered nginx configuration', () => {
  let prefix: string;
  beforeEach(() => {
    prefix = mkdtempSync(join(tmpdir(), 'render-modes-'));
  });
  afterEach(() => rmSync(prefix, { recursive: true, force: true }));

  it('is readable by its owner only: the statement credential and the cohort secret are in files of mode 0600', () => {
    const credential = 'Basic c2VjcmV0LWNyZWRlbnRpYWw=';
    const secret = 'a-secret-of-the-deployment-0123456789';
    // Every placeholder gets a harmless value but the two secrets, which are looked for below.
    const vars = new Proxy<Record<string, string>>(
      { PORTAL_STATEMENT_AUTHORIZATION: credential, PORTAL_COHORT_SECRET: secret },
      { has: () => true, get: (target, name) => (typeof name === 'string' ? (target[name] ?? '127.0.0.1:1') : undefined) },
    );
    renderPrefix(prefix, 'remote', vars, 'events {}\nhttp { include conf.d/*.conf; }\n');
    const files = [
      ...readdirSync(join(prefix, 'portal')).map((name) => join(prefix, 'portal', name)),
      join(prefix, 'conf.d', 'default.conf'),
      join(prefix, 'nginx.conf'),
    ];
    const holding = (text: string) => files.filter((path) => readFileSync(path, 'utf8').includes(text));
    expect(holding(credential).length).toBeGreaterThan(0);
    expect(holding(secret).length).toBeGreaterThan(0);
    expect(files.filter((path) => mode(path) !== 0o600)).toEqual([]);
    expect([mode(join(prefix, 'portal')), mode(join(prefix, 'conf.d'))]).toEqual([0o700, 0o700]);
    // Rendering again (a reload) keeps them so, and leaves no temporary file behind.
    renderPrefix(prefix, 'remote', vars, 'events {}\nhttp { include conf.d/*.conf; }\n');
    expect(files.filter((path) => mode(path) !== 0o600)).toEqual([]);
    expect(readdirSync(join(prefix, 'portal')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
