import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, localRemoteList, REMOTES } from '../../build-preset/apps.cjs';
import { composeProject } from '../compose.cjs';

// apps.json is the one list of apps: the host's remote list, each remote's own page, the
// scripts, lint, Jest and the deployment all derive from it (docs/ownership.md, "One list of apps").
type RemoteRoutes = { prefixes: readonly string[]; routes: Array<{ path?: string }> };
const remoteModules: Record<string, RemoteRoutes> = Object.fromEntries(
  // Each remote's exposed routes module, found from apps.json (paths known only at run time).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require: the paths come from apps.json at run time
  REMOTES.map((remote) => [remote.dir, require(join(__dirname, '..', '..', remote.dir, 'src', 'routes')) as RemoteRoutes]),
);

describe('the one list of apps (apps.json)', () => {
  it('lists every remote folder of the repository, each with its own port', () => {
    const folders = readdirSync(join(__dirname, '..', '..')).filter((name) => name.startsWith('mfe-'));
    expect(REMOTES.map((remote) => remote.dir).sort()).toEqual(folders.sort());
    expect(Object.keys(remoteModules).sort()).toEqual(folders.sort());
    const ports = [HOST.port, ...REMOTES.map((remote) => remote.port)];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it.each(REMOTES.map((remote) => [remote.dir, remote] as const))(
    '%s: its own page owns the prefixes of its entry, and every one of its routes lies under them',
    (dir, remote) => {
      const module = remoteModules[dir];
      expect(remote.prefixes.length).toBeGreaterThan(0);
      expect(module?.prefixes).toEqual(remote.prefixes);
      for (const route of module?.routes ?? []) {
        const path = `/${route.path ?? ''}`.toLowerCase();
        expect(remote.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))).toBe(true);
      }
    },
  );

  it('gives every path prefix to one remote only', () => {
    const all = REMOTES.flatMap((remote) => remote.prefixes.map((prefix) => prefix.toLowerCase()));
    expect(new Set(all).size).toBe(all.length);
  });

  it("the host's local remote list is built from it: name, manifest on the remote's port, prefixes", () => {
    expect(localRemoteList()).toEqual(
      REMOTES.map((remote) => ({
        name: remote.dir.replace(/-/g, '_'),
        manifest: `http://localhost:${remote.port}/mf-manifest.json`,
        prefixes: remote.prefixes,
      })),
    );
  });

  it('docker-compose.yml has one service per app on its port, built from its folder, and the host allows every remote', () => {
    const compose = composeProject() as {
      services: Record<
        string,
        { build?: { args?: Record<string, string> }; ports?: string[]; image?: string; environment?: Record<string, string> }
      >;
    };
    // The services that are no app: the sandbox, field telemetry's receiver and Prometheus, the
    // session handoff's exchange (deploy/session-handoff.cjs), the shared store and the edge that
    // balances every app's replicas.
    const appServices = Object.keys(compose.services).filter(
      (name) => !['sandbox-api', 'telemetry', 'prometheus', 'session-handoff', 'redis', 'edge'].includes(name),
    );
    expect(appServices.sort()).toEqual([HOST.dir, ...REMOTES.map((remote) => remote.dir)].sort());
    for (const app of [HOST, ...REMOTES]) {
      const service = compose.services[app.dir];
      expect(service?.build?.args).toEqual({ APP: app.dir, ROLE: app.kind });
      // Published by the edge only (on loopback unless PORTAL_PUBLISH_ADDRESS says otherwise): an
      // app's replicas are reached through it.
      expect(service?.ports).toBeUndefined();
      expect(compose.services.edge?.ports).toContain(`\${PORTAL_PUBLISH_ADDRESS:-127.0.0.1}:${app.port}:${app.port}`);
      if (app.kind === 'remote') expect(service?.image).toContain(`\${${app.dir.toUpperCase().replace(/-/g, '_')}_VERSION:-local}`);
      // The camera where documents are captured (apps.json's `camera`, and the host), nowhere else.
      expect([app.dir, service?.environment?.PORTAL_CAMERA_ALLOWLIST]).toEqual([app.dir, app.camera ? 'self' : undefined]);
    }
    expect(HOST.camera).toBe(true);
    const remoteOrigins = REMOTES.map((remote) => `http://localhost:${remote.port}`).join(' ');
    expect(compose.services.host?.environment?.PORTAL_REMOTE_ORIGINS).toBe(`\${PORTAL_REMOTE_ORIGINS:-${remoteOrigins}}`);
  });
});
