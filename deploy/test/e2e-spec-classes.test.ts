import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { classesOf, JOURNEY_SPECS, SERVER_SPECS, type testMatchOf } from '../../e2e/spec-classes';

// Issue 46 (decision 0027): a spec runs on both servers when what it asserts depends on the
// server, once on nginx when it is a UI journey. A spec in no class would silently run nowhere,
// one in two would run twice: both fail here, before any browser starts.
// The config as data: defineConfig returns what it is given (Playwright's own module refuses to
// be loaded twice, and the config is loaded once per server here).
jest.mock('@playwright/test', () => ({ defineConfig: (config: unknown) => config }));

const TESTS = join(__dirname, '..', '..', 'e2e', 'tests');
const specs = readdirSync(TESTS).filter((name) => name.endsWith('.spec.ts'));

/** The projects of e2e/playwright.config.ts with PORTAL_SERVER set to `server`. */
function projectsFor(server: 'node' | 'nginx'): NonNullable<PlaywrightTestConfig['projects']> {
  const saved = process.env.PORTAL_SERVER;
  process.env.PORTAL_SERVER = server;
  try {
    let projects: PlaywrightTestConfig['projects'];
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded again per server: the config reads PORTAL_SERVER when loaded
      projects = (require('../../e2e/playwright.config') as { default: PlaywrightTestConfig }).default.projects;
    });
    return projects ?? [];
  } finally {
    if (saved === undefined) delete process.env.PORTAL_SERVER;
    else process.env.PORTAL_SERVER = saved;
  }
}

/** The specs a project's testMatch takes (paths as Playwright sees them: absolute). */
function taken(project: NonNullable<PlaywrightTestConfig['projects']>[number]): string[] {
  const rules = [project.testMatch ?? []].flat();
  return specs.filter((name) => rules.some((rule) => rule instanceof RegExp && rule.test(join(TESTS, name))));
}

describe('which server each e2e spec runs on (e2e/spec-classes.ts)', () => {
  it('puts every spec of e2e/tests in exactly one class', () => {
    expect(specs.length).toBeGreaterThan(40);
    const wrong = specs.map((name) => [name, classesOf(name)] as const).filter(([, classes]) => classes.length !== 1);
    // A new spec: add it to SERVER_SPECS (what a server answers) or JOURNEY_SPECS (a UI journey).
    expect(wrong).toEqual([]);
  });

  it('lists no rule that matches no spec (a renamed or removed spec leaves no stale entry)', () => {
    const stale = [...SERVER_SPECS, ...JOURNEY_SPECS]
      .map(([rule]) => rule)
      .filter((rule) => !specs.some((name) => new RegExp(`^(?:${rule})$`).test(name)));
    expect(stale).toEqual([]);
  });

  it('runs server specs on both servers, journeys once on nginx, the deployment alone on nginx', () => {
    const byClass = (name: Parameters<typeof testMatchOf>[0]) => specs.filter((spec) => classesOf(spec)[0] === name);
    const node: Record<string, string[]> = Object.fromEntries(projectsFor('node').map((project) => [project.name, taken(project)]));
    const nginx: Record<string, string[]> = Object.fromEntries(projectsFor('nginx').map((project) => [project.name, taken(project)]));
    expect(node.node).toEqual(byClass('server'));
    expect(node['node-journeys']).toEqual(byClass('journey'));
    expect(nginx.nginx).toEqual([...byClass('server'), ...byClass('journey')].sort());
    expect(nginx['nginx-deployment']).toEqual(byClass('deployment'));
    // The parity specs, the path probes and the open-calls corpus stay on both (the parity that
    // found the backslash leak).
    for (const spec of [
      'server-parity.spec.ts',
      'server-parity-brotli.spec.ts',
      'security-probes-paths.spec.ts',
      'security-probes-open-calls.spec.ts',
    ]) {
      expect(node.node).toContain(spec);
      expect(nginx.nginx).toContain(spec);
    }
    // No container smoke in either pass: it has its own config.
    expect([...Object.values(node), ...Object.values(nginx)].flat().filter((spec) => classesOf(spec)[0] === 'containers')).toEqual([]);
  });
});
