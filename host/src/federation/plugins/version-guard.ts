import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';

import { INCOMPATIBLE_REMOTE } from './markers';

interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string;
}

type AfterLoadManifest = NonNullable<ModuleFederationRuntimePlugin['afterLoadManifest']>;
type ManifestArgs = Parameters<AfterLoadManifest>[0];

/** The singletons a remote needs that the host's copies do not satisfy ("react ^18.3.1 (portal: 19.3.1)"). */
export function incompatibilities(shared: readonly ManifestShared[], hostVersion: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const item of shared) {
    if (!item.singleton || !item.requiredVersion) continue;
    const version = hostVersion(item.name);
    if (version && !satisfy(version, item.requiredVersion)) problems.push(`${item.name} ${item.requiredVersion} (portal: ${version})`);
  }
  return problems;
}

/**
 * Named runtime plugin "portal-version-guard" (host only): reads a remote's manifest before any
 * of its code runs and refuses a remote built against a version of a shared singleton (React,
 * the router, the platform library) that the host's copy does not satisfy. Without it the remote
 * would fail later, inside a screen, with an obscure error; with it the remote's routes show a
 * fallback that says why.
 */
export default function portalVersionGuard(): ModuleFederationRuntimePlugin {
  const check: AfterLoadManifest = async ({ manifestJson, moduleInfo, origin }: ManifestArgs) => {
    if (!manifestJson) return;
    const hostShared = origin.options.shared ?? {};
    const problems = incompatibilities(manifestJson.shared as ManifestShared[], (name) => hostShared[name]?.[0]?.version);
    if (problems.length > 0) {
      throw new Error(`${INCOMPATIBLE_REMOTE}: ${moduleInfo.name} needs ${problems.join('; ')}`);
    }
  };
  return { name: 'portal-version-guard', afterLoadManifest: check };
}
