import { matchRoutes } from 'react-router';
import { isNavigationEntry, placeholderNames } from '@driver-portal/shared/links';
import { ownsPath, type RemoteRoutesModule } from '@driver-portal/shared/shell';

/** What fills `:driverId` when checking a tile against the routes. */
const SAMPLE_DRIVER_ID = 'motorista-1';

/**
 * Every reason a remote's navigation file could send a driver to the not-found page (or to
 * another remote): a malformed entry, a path outside the remote's prefixes, or a path none of
 * its routes matches. An empty list means every tile opens one of the remote's own screens.
 */
export function navigationProblems(entries: unknown, remote: RemoteRoutesModule): string[] {
  if (!Array.isArray(entries)) return ['the navigation file is not a list'];
  return entries.flatMap((entry: unknown, index): string[] => {
    if (!isNavigationEntry(entry)) return [`entry ${index} is malformed: ${JSON.stringify(entry)}`];
    const names = placeholderNames(entry.path);
    const path = names.reduce((filled, name) => filled.replace(`:${name}`, SAMPLE_DRIVER_ID), entry.path);
    if (!ownsPath(remote.prefixes, path)) return [`${entry.label}: ${entry.path} is outside this remote's prefixes`];
    const matches = matchRoutes(remote.routes, path);
    const screen = matches?.[matches.length - 1]?.route;
    // A catch-all would match anything, including a screen that does not exist.
    if (!screen || screen.path?.endsWith('*')) return [`${entry.label}: ${entry.path} matches none of this remote's routes`];
    return [];
  });
}
