import type { PortalFederationPlugin } from '@driver-portal/shared/federation-plugins/plugin';
import { FEDERATION_PROTOCOL } from '@driver-portal/build-preset/federation-versions.cjs';
import { satisfiesRange } from '../semver';
import { INCOMPATIBLE_REMOTE } from './markers';

interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string;
}

/**
 * The versions of the federation plugin whose containers the host's runtime
 * (container-runtime.ts) speaks with. The suite pins one version of the plugin; a test fails when
 * the installed one leaves this range, so an upgrade checks the container protocol again. Defined
 * beside the range check both sides use (build-preset/federation-versions.cjs): the host's build
 * publishes it in provided-shared.json, and release:remote refuses a build outside it.
 */
export { FEDERATION_PROTOCOL };

/** The singletons a remote needs that the host's copies do not satisfy ("react ^18.3.1 (portal: 19.3.1)"). */
export function incompatibilities(shared: readonly ManifestShared[], hostVersion: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const item of shared) {
    if (!item.singleton || !item.requiredVersion) continue;
    const version = hostVersion(item.name);
    if (version && !satisfiesRange(version, item.requiredVersion))
      problems.push(`${item.name} ${item.requiredVersion} (portal: ${version})`);
  }
  return problems;
}

/**
 * A container built by a federation plugin the host's runtime does not speak with ("federation
 * 3.0.0 (portal: ~2.9.0)"), or whose manifest does not say which (a manifest written by hand or by
 * another tool: its protocol is unknown, so it is refused rather than run on a guess).
 */
export function protocolProblem(pluginVersion: unknown): string | undefined {
  if (typeof pluginVersion === 'string' && satisfiesRange(pluginVersion, FEDERATION_PROTOCOL)) return undefined;
  return `federation ${typeof pluginVersion === 'string' && pluginVersion ? pluginVersion : '(no metaData.pluginVersion)'} (portal: ${FEDERATION_PROTOCOL})`;
}

/**
 * Named runtime plugin "portal-version-guard" (host only): reads a remote's manifest before any
 * of its code runs and refuses a remote built against a version of a shared singleton (React,
 * the router, the platform library) that the host's copy does not satisfy, or by a federation
 * plugin whose container protocol the host's runtime does not speak. Without it the remote would
 * fail later, inside a screen, with an obscure error; with it the remote's routes show a fallback
 * that says why.
 */
export default function portalVersionGuard(): PortalFederationPlugin {
  return {
    name: 'portal-version-guard',
    afterLoadManifest({ manifest, remoteName, providedVersion }) {
      const shared = Array.isArray(manifest.shared) ? (manifest.shared as ManifestShared[]) : [];
      const problems = incompatibilities(shared, providedVersion);
      const protocol = protocolProblem(manifest.metaData?.pluginVersion);
      if (protocol) problems.push(protocol);
      if (problems.length > 0) throw new Error(`${INCOMPATIBLE_REMOTE}: ${remoteName} needs ${problems.join('; ')}`);
    },
  };
}
