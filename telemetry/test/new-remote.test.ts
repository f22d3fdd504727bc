/**
 * A remote added to a running deployment (`release:remote -- <remote> --new`) is learnt from the
 * host's remote list the receiver already follows: its beacons are taken, from the host and from
 * its own URL, without a restart (telemetry/src/portal.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followRemoteList, MAX_REMOTES, originsOf, PortalReleases } from '../src/portal';
import { OTHER_ROUTE } from '../src/routes';
import { createReceiver } from '../src/server';

const HOST_PAGE = 'http://portal.example';
const NEW_REMOTE = {
  name: 'mfe_rewards_probe',
  manifest: 'https://rewards.portal.example/releases/r-1/mf-manifest.json',
  prefixes: ['/rewards-probe'],
};
const beacon = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ kind: 'load', remote: NEW_REMOTE.name, version: 'r-1', cohort: 'live', route: '/rewards-probe', at: 1, ...extra });

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it("takes a new remote's beacons, at the host and at its own URL, once the host's list names it", async () => {
  let list: unknown[] = [];
  const hostList = await listening(createServer((_request, response) => response.end(JSON.stringify(list))));
  const releases = new PortalReleases(undefined, undefined, [HOST_PAGE]);
  const follower = followRemoteList(releases, `${hostList}/remotes.json`, 60_000);
  await follower.ready;
  const { server, metrics } = createReceiver({ releases, refreshReleases: follower.refresh, portalOrigins: releases.origins });
  const receiver = await listening(server);
  const post = (origin: string) =>
    fetch(`${receiver}/telemetry/events`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'text/plain' }, body: beacon() });

  // Before: what the issue saw (400 at the host, 403 at the remote's own URL).
  expect((await post(HOST_PAGE)).status).toBe(400);
  expect((await post('https://rewards.portal.example')).status).toBe(403);

  list = [NEW_REMOTE];
  await new Promise((resolve) => setTimeout(resolve, 1100)); // refresh reads at most once a second
  await follower.refresh();
  expect((await post(HOST_PAGE)).status).toBe(204);
  expect((await post('https://rewards.portal.example')).status).toBe(204);
  follower.stop();
  const text = await metrics.registry.metrics();
  // Its prefix, learnt from the list, is a route label (its routes.ts is not in this checkout).
  expect(text).toContain(
    `portal_remote_loads_total{remote="${NEW_REMOTE.name}",release="r-1",cohort="live",route="/rewards-probe",verified="false"} 2`,
  );
});

it('refuses list entries that are not a remote, and stays bounded', () => {
  const releases = new PortalReleases([], undefined, []);
  releases.update([
    { name: 'host', manifest: 'http://evil.example/releases/r/mf-manifest.json', prefixes: ['/x'] },
    { name: 'mfe_bad', manifest: 'http://a.example/releases/r/mf-manifest.json', prefixes: ['/App'] },
    { name: 'mfe_bad2', manifest: 'http://a.example/releases/r/mf-manifest.json', prefixes: ['no-slash'] },
    { name: 'Mfe_Upper', manifest: 'http://a.example/releases/r/mf-manifest.json', prefixes: ['/ok'] },
    { name: 'mfe_creds', manifest: 'http://user:pw@c.example/releases/r/mf-manifest.json', prefixes: ['/creds'] },
    null,
  ]);
  // `host` is known already (the shell's pages) and takes no prefixes or origins from the list.
  expect([...releases.prefixes.keys()].sort()).toEqual(['host', 'mfe_creds']);
  expect(releases.prefixes.get('host')).toEqual([]);
  // A manifest with credentials gives no origin; the host's entry gives none either.
  expect([...releases.origins]).toEqual([]);
  // Past MAX_REMOTES, a new name is refused: the `remote` label stays bounded.
  releases.update(Array.from({ length: MAX_REMOTES + 10 }, (_, index) => ({ name: `mfe_n${index}`, prefixes: ['/n'] })));
  expect(releases.prefixes.size).toBe(MAX_REMOTES + 1);
  expect(releases.routeLabel('mfe_creds', '/creds/x')).toBe(OTHER_ROUTE);
});

it('derives page origins from manifest addresses only', () => {
  expect(originsOf('https://rewards.example/releases/r/mf-manifest.json')).toEqual(['https://rewards.example']);
  expect(originsOf('http://localhost:3005/mf-manifest.json')).toEqual(['http://localhost:3005', 'http://127.0.0.1:3005']);
  expect(originsOf('javascript:alert(1)')).toEqual([]);
  expect(originsOf('/relative/mf-manifest.json')).toEqual([]);
  expect(originsOf(42)).toEqual([]);
});
