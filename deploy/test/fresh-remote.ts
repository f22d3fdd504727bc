import { randomBytes } from 'node:crypto';
import { APPS, REMOTES } from '../../build-preset/apps.cjs';
import { RESERVED_PORTS, prefixesOverlap } from '../../build-preset/apps-validate.cjs';

/**
 * A remote no one uses, for tests that scaffold one (issue 40, item 1): a folder, federation name,
 * port and prefix none of apps.json's apps has, never the docs' example (`mfe-rewards`), which a
 * squad following the docs adds to apps.json. Random, so two runs (or two checkouts) never share it.
 */
export function freshRemote(): { dir: string; name: string; port: number; prefix: string } {
  for (;;) {
    const word = `x${randomBytes(4).toString('hex')}`;
    const dir = `mfe-scaffold-${word}`;
    const prefix = `/scaffold-${word}`;
    if (REMOTES.some((remote) => remote.dir === dir || remote.prefixes.some((owned) => prefixesOverlap(owned, prefix)))) continue;
    let port = Math.max(...APPS.map((app) => app.port)) + 1;
    while (RESERVED_PORTS.has(port) || APPS.some((app) => app.port === port)) port += 1;
    return { dir, name: dir.replace(/-/g, '_'), port, prefix };
  }
}
