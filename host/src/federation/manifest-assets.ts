import type { FederationManifest } from '@driver-portal/shared/federation-plugins/plugin';

/**
 * Where a remote's files are, read from its federation manifest (mf-manifest.json): the entry
 * script and an exposed module's own chunks and styles. Used by the host page's early script and
 * by the host's federation runtime, so both ask for the very same addresses.
 */

interface ExposeAssets {
  path?: unknown;
  assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The folder the remote's files are served from: the manifest's own with `publicPath: 'auto'`. */
export function assetFolder(manifestUrl: string, manifest: FederationManifest): URL | undefined {
  const publicPath = manifest.metaData?.publicPath;
  if (publicPath === 'auto') return new URL('.', manifestUrl);
  if (typeof publicPath === 'string' && publicPath) return new URL(publicPath.replace(/\/?$/, '/'), manifestUrl);
  return undefined;
}

/** The address of the remote's entry script, if the manifest names one. */
export function remoteEntryUrl(manifestUrl: string, manifest: FederationManifest): string | undefined {
  const folder = assetFolder(manifestUrl, manifest);
  const entry = manifest.metaData?.remoteEntry;
  if (!folder || typeof entry?.name !== 'string') return undefined;
  const path = typeof entry.path === 'string' && entry.path ? entry.path.replace(/\/?$/, '/') : '';
  return new URL(`${path}${entry.name}`, folder).href;
}

/** What loading an exposed module starts with: its own chunks (`script`) and styles (`style`). */
export function exposeAssets(
  manifestUrl: string,
  manifest: FederationManifest,
  expose: string,
): Array<{ href: string; as: 'script' | 'style' }> {
  const folder = assetFolder(manifestUrl, manifest);
  const exposes = Array.isArray(manifest.exposes) ? (manifest.exposes as ExposeAssets[]) : [];
  const found = exposes.find((candidate) => candidate?.path === expose);
  if (!folder || !found) return [];
  return [
    ...strings(found.assets?.js?.sync).map((file) => ({ href: new URL(file, folder).href, as: 'script' as const })),
    ...strings(found.assets?.css?.sync).map((file) => ({ href: new URL(file, folder).href, as: 'style' as const })),
  ];
}

/**
 * Asks the browser to download the assets now, as a `<link rel="preload">` each, once: the early
 * script and the runtime announce the same routes chunks on a deep link. No crossorigin, as the
 * runtime's script tags ask, so the preload is the one the script then uses.
 */
export function announceAssets(doc: Document, assets: ReadonlyArray<{ href: string; as: 'script' | 'style' }>): void {
  const announced = new Set([...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href));
  for (const { href, as } of assets) {
    if (announced.has(href)) continue;
    announced.add(href);
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    doc.head.appendChild(link);
  }
}
