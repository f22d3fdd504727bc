import type { FederationManifest, PortalFederationPlugin } from '@driver-portal/shared/federation-plugins/plugin';
// Types only: a value imported from the federation chunk's modules would keep the bundler from
// concatenating them there, which costs that chunk bytes on every deep link.
import type { FederationGlobal, HostFederation } from './container-runtime';
import type { remoteEntryUrl } from './manifest-assets';
import { clearLocalOverrides, localOverrides, overrideRemotes } from './local-override';
import { showOverrideBanner } from './local-override-banner';

/*
 * What the Module Federation devtools (the browser extension, or a squad's console) read of the
 * page: `__FEDERATION__.__SHARE__` (the share scopes, by instance), `moduleInfo` (each accepted
 * remote's manifest, in runtime-core's snapshot shape: which remote, which release, which
 * shares), the host among `__INSTANCES__`, and the plugins they inject through
 * `__GLOBAL_PLUGIN__` (a proxy to a squad's local remote, say).
 *
 * A chunk of its own ("federation-devtools"), downloaded only when asked (runtime.ts,
 * `devtoolsAsked`): `localStorage['portal-devtools']` set by a squad, the extension's own key, or
 * a plugin it injected before the page started. A driver's first screen carries none of it
 * (issue 39: the federation chunk's byte budget).
 *
 * It also carries a squad's local remotes (local-override.ts, docs/local-override.md): an
 * override set in this browser's localStorage takes effect only here, so only with the devtools
 * asked for, and always with its banner.
 */

/** `globalThis.__FEDERATION__` as the devtools read it. */
export interface DevtoolsGlobal extends FederationGlobal {
  __SHARE__: Record<string, unknown>;
  moduleInfo: Record<string, unknown>;
  __GLOBAL_PLUGIN__: Array<Partial<PortalFederationPlugin>>;
}

const list = (value: unknown) => (Array.isArray(value) ? (value as Array<Record<string, unknown>>) : []);

type EntryUrl = typeof remoteEntryUrl;

/** An accepted remote in runtime-core's snapshot shape: its release (the manifest's address), entry, shares and exposed modules. */
function describe(
  moduleInfo: Record<string, unknown>,
  remoteName: string,
  url: string,
  manifest: FederationManifest,
  entryUrl: EntryUrl,
): void {
  moduleInfo[`${remoteName}:${url}`] = {
    version: url,
    buildVersion: (manifest.metaData as { buildInfo?: { buildVersion?: unknown } } | undefined)?.buildInfo?.buildVersion,
    globalName: manifest.metaData?.globalName,
    pluginVersion: manifest.metaData?.pluginVersion,
    remoteEntry: entryUrl(url, manifest),
    shared: list(manifest.shared).map(({ name, version, requiredVersion }) => ({ sharedName: name, version, requiredVersion })),
    modules: list(manifest.exposes).map(({ name, path }) => ({ moduleName: name, modulePath: path })),
  };
  const host = (moduleInfo.host ??= { remotesInfo: {} }) as { remotesInfo: Record<string, unknown> };
  host.remotesInfo[remoteName] = { matchedVersion: url };
}

/**
 * The host's federation runtime (`create`, runtime.ts) with what the devtools read filled in,
 * and the plugins they injected taking part.
 */
export function withDevtools(
  create: (plugins: readonly PortalFederationPlugin[]) => HostFederation,
  plugins: readonly PortalFederationPlugin[],
  entryUrl: EntryUrl,
): HostFederation {
  const page = globalThis as { __FEDERATION__?: Partial<DevtoolsGlobal> };
  // Injected plugins fetch manifests (the one hook whose signature is runtime-core's) before the
  // portal's own, which always answer; the description comes last, once every plugin accepted.
  const injected = (page.__FEDERATION__?.__GLOBAL_PLUGIN__ ?? []).map(({ name = 'global', fetch }) => ({ name, fetch }));
  const moduleInfo: Record<string, unknown> = {};
  const describer: PortalFederationPlugin = {
    name: 'portal-devtools',
    afterLoadManifest: ({ manifest, remoteName, url }) => describe(moduleInfo, remoteName, url, manifest, entryUrl),
  };
  const federation = create([...injected, ...plugins, describer]);
  // The constructor put the page's `__FEDERATION__` in place (container-runtime.ts).
  const global = page.__FEDERATION__ as DevtoolsGlobal;
  global.__GLOBAL_PLUGIN__ ??= [];
  global.__SHARE__ ??= {};
  global.moduleInfo = Object.assign(moduleInfo, global.moduleInfo);
  global.__SHARE__[federation.sharing.name] = federation.sharing.shareScopeMap;
  global.__INSTANCES__.push(federation.sharing);
  withLocalOverrides(federation);
  return federation;
}

/** The squad's local remotes, swapped in before the first registration, with their banner. */
function withLocalOverrides(federation: HostFederation): void {
  let overrides: Map<string, string>;
  try {
    overrides = localOverrides(localStorage);
  } catch {
    // No storage: no override.
    return;
  }
  if (overrides.size === 0) return;
  overrideRemotes(federation, overrides);
  showOverrideBanner(document, overrides, () => {
    clearLocalOverrides(localStorage);
    location.reload();
  });
}
