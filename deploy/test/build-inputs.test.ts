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

  it('an edit of the platform or of apps.json rebuilds every app (the host’s remote list comes from apps.json)', () => {
    built('mfe-a');
    built('mfe-b');
    write('apps.json', '{"remotes": [{"app": "mfe-c"}]}');
    expect([rebuildReason(root, 'mfe-a'), rebuildReason(root, 'mfe-b')]).toEqual([
      'sources changed since its last build',
      'sources changed since its last build',
    ]);
    built('mfe-a');
    write('shared/src/ui/index.ts', 'export const a = 2;');
    expect(rebuildReason(root, 'mfe-a')).toBe('sources changed since its last build');
  });
});
