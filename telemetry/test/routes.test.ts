import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteObject } from 'react-router';
import { APPS, REMOTES } from '../../build-preset/apps.cjs';
import { declaredPaths, HOST_ROUTES, MAX_ROUTES_PER_REMOTE, OTHER_ROUTE, readRouteTables, RouteTable } from '../src/routes';

const repo = join(__dirname, '..', '..');

/** Every path a route table matches, as React Router joins them (children under their parent). */
function fullPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path.replace(/^\/+/, '')}`;
    return [...(route.path === undefined ? [] : [path]), ...fullPaths(route.children ?? [], path)];
  });
}

describe('the routes the apps declare', () => {
  it.each(REMOTES.map((remote) => [remote.dir, remote] as const))(
    'reads %s’s route table exactly as the app exports it',
    async (_dir, remote) => {
      const { routes } = (await import(join(repo, remote.dir, 'src', 'routes.ts'))) as { routes: RouteObject[] };
      const source = readFileSync(join(repo, remote.dir, 'src', 'routes.ts'), 'utf8');
      expect(new Set(declaredPaths(source))).toEqual(new Set(fullPaths(routes)));
      const table = readRouteTables().get(remote.name) ?? [];
      for (const path of [...fullPaths(routes), ...remote.prefixes, '/Sair']) expect(table).toContain(path);
      expect(table.length).toBeLessThanOrEqual(MAX_ROUTES_PER_REMOTE);
    },
  );

  it('knows the host’s own pages: its router’s paths', () => {
    const router = readFileSync(join(repo, 'host', 'src', 'federation', 'router.tsx'), 'utf8');
    const links = readFileSync(join(repo, 'shared', 'src', 'links', 'index.ts'), 'utf8');
    // HOME_PATH and SIGN_OUT_PATH are constants of the platform's links; the rest is the router's text.
    const constant = (name: string) => new RegExp(`export const ${name} = '([^']+)'`).exec(links)?.[1];
    expect(HOST_ROUTES).toContain(constant('HOME_PATH'));
    expect(HOST_ROUTES).toContain(constant('SIGN_OUT_PATH'));
    for (const path of declaredPaths(router).filter((item) => item !== '/*')) expect(HOST_ROUTES).toContain(path);
    expect(router).toContain('index: true');
    expect(HOST_ROUTES).toContain('/');
    expect(APPS.filter((app) => app.kind === 'host')).toHaveLength(1);
  });

  it('labels a route by the declared pattern it matches, whatever stands in a parameter’s place, else `other`', () => {
    const table = new RouteTable(
      () =>
        new Map([
          ['mfe_a', ['/my-account', '/my-account/init/:driverId', '/performed-Runs/list', '/policies/:token', '/policies', '/files/*']],
          ['host', [...HOST_ROUTES]],
        ]),
    );
    expect(table.labelOf('mfe_a', '/my-account/init/:driverId')).toBe('/my-account/init/:driverId');
    expect(table.labelOf('mfe_a', '/my-account/init/:value')).toBe('/my-account/init/:driverId');
    expect(table.labelOf('mfe_a', '/my-account/init/abc')).toBe('/my-account/init/:driverId');
    expect(table.labelOf('mfe_a', '/my-account')).toBe('/my-account');
    expect(table.labelOf('mfe_a', '/my-account/')).toBe('/my-account');
    // React Router matches without regard to case; the label is the table's spelling.
    expect(table.labelOf('mfe_a', '/performed-runs/list/')).toBe('/performed-Runs/list');
    expect(table.labelOf('mfe_a', '/policies')).toBe('/policies');
    expect(table.labelOf('mfe_a', '/files/a/b/c')).toBe('/files/*');
    for (const invented of [
      '/Maria_Aparecida_dos_Santos',
      '/my-account/joao.silva-gmail.com/x',
      '/my-account/init',
      '/my-account/init/a/b',
      '/my-account/init//',
      '/',
    ])
      expect(table.labelOf('mfe_a', invented)).toBe(OTHER_ROUTE);
    expect(table.labelOf('host', '/App')).toBe('/App');
    expect(table.labelOf('host', '/')).toBe('/');
    expect(table.labelOf('host', '/Maria')).toBe(OTHER_ROUTE);
    expect(table.labelOf('mfe_unknown', '/my-account')).toBe(OTHER_ROUTE);
  });

  it('keeps the tables it has when they cannot be read again', () => {
    let fail = false;
    const table = new RouteTable(() => {
      if (fail) throw new Error('gone');
      return new Map([['mfe_a', ['/a']]]);
    });
    fail = true;
    table.reload();
    expect(table.labelOf('mfe_a', '/a')).toBe('/a');
  });
});
