import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInputsHash, rebuildReason, recordBuild } from '../../scripts/build-inputs.mjs';

// `npm start` rebuilds an app when what its build reads changed since its last build.
describe('what npm start rebuilds', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const built = (dir: string) => {
    write(`${dir}/dist/index.html`, '<!doctype html>');
    recordBuild(root, dir, buildInputsHash(root, dir));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
    write('apps.json', '{"remotes": []}');
    write('shared/src/ui/index.ts', 'export const a = 1;');
    write('mfe-a/src/routes.ts', 'export const routes = [];');
    write('mfe-b/src/routes.ts', 'export const routes = [];');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('an app never built, or built before its sources were recorded, is built', () => {
    expect(rebuildReason(root, 'mfe-a')).toBe('never built');
    write('mfe-a/dist/index.html', '<!doctype html>');
    expect(rebuildReason(root, 'mfe-a')).toBe('built before its sources were recorded');
  });

  it("an edit of the app's sources rebuilds it and not the others; its tests, its build and its caches do not count", () => {
    built('mfe-a');
    built('mfe-b');
    expect([rebuildReason(root, 'mfe-a'), rebuildReason(root, 'mfe-b')]).toEqual([undefined, undefined]);
    write('mfe-a/src/routes.test.ts', 'it("x", () => undefined);');
    write('mfe-a/dist/main.js', 'built');
    write('mfe-a/node_modules/.cache/x', 'cache');
    expect(rebuildReason(root, 'mfe-a')).toBeUndefined();
    write('mfe-a/src/routes.ts', 'export const routes = [{ path: "x" }];');
    expect(rebuildReason(root, 'mfe-a')).toBe('sources changed since its last build');
    expect(rebuildReason(root, 'mfe-b')).toBeUndefined();
  });

  it('an edit of the platform rebuilds every app', () => {
    built('mfe-a');
    built('mfe-b');
    write('shared/src/ui/index.ts', 'export const a = 2;');
    expect([rebuildReason(root, 'mfe-a'), rebuildReason(root, 'mfe-b')]).toEqual([
      'sources changed since its last build',
      'sources changed since its last build',
    ]);
  });

  // Issue 40, item 2: a new prefix of one remote rebuilds that remote and the host (its remote
  // list), not the other remotes.
  describe('an edit of apps.json rebuilds only the apps it concerns', () => {
    const suite = (remotes: Array<{ app: string; port: number; prefixes: string[]; camera?: boolean }>, hostPort = 3000) =>
      JSON.stringify({ host: { app: 'host', port: hostPort }, remotes, sandboxPort: 4000 }, null, 2);
    const a = { app: 'mfe-a', port: 3001, prefixes: ['/a'] };
    const b = { app: 'mfe-b', port: 3002, prefixes: ['/b'] };
    const stale = () => ['host', 'mfe-a', 'mfe-b'].filter((dir) => rebuildReason(root, dir) !== undefined);
    beforeEach(() => {
      write('host/src/index.ts', 'export {};');
      write('apps.json', suite([a, b]));
      ['host', 'mfe-a', 'mfe-b'].forEach(built);
    });

    it('a prefix added to one remote: that remote and the host', () => {
      write('apps.json', suite([{ ...a, prefixes: ['/a', '/faq'] }, b]));
      expect(stale()).toEqual(['host', 'mfe-a']);
    });

    it('a new remote: the host only (the others do not read its entry)', () => {
      write('apps.json', suite([a, b, { app: 'mfe-c', port: 3003, prefixes: ['/c'] }]));
      expect(stale()).toEqual(['host']);
    });

    it("a remote's camera flag: that remote only (the host's list has no camera); formatting: none", () => {
      write('apps.json', suite([a, { ...b, camera: true }]));
      expect(stale()).toEqual(['mfe-b']);
      built('mfe-b');
      write('apps.json', JSON.stringify(JSON.parse(suite([a, { ...b, camera: true }]))));
      expect(stale()).toEqual([]);
    });

    it("the host's port: every app (a remote's build reads the host's entry)", () => {
      write('apps.json', suite([a, b], 3100));
      expect(stale()).toEqual(['host', 'mfe-a', 'mfe-b']);
    });
  });
});
