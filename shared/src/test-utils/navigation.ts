import { matchRoutes } from 'react-router';
import { navigationEntryProblem, placeholderNames, type NavigationEntry } from '@driver-portal/shared/links';
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
    const problem = navigationEntryProblem(entry);
    if (problem) return [`entry ${index} is malformed: ${problem} (${JSON.stringify(entry)})`];
    const tile = entry as NavigationEntry;
    const names = placeholderNames(tile.path);
    const path = names.reduce((filled, name) => filled.replace(`:${name}`, SAMPLE_DRIVER_ID), tile.path);
    if (!ownsPath(remote.prefixes, path)) return [`${tile.label}: ${tile.path} is outside this remote's prefixes`];
    const matches = matchRoutes(remote.routes, path);
    const screen = matches?.[matches.length - 1]?.route;
    // A catch-all would match anything, including a screen that does not exist.
    if (!screen || screen.path?.endsWith('*')) return [`${tile.label}: ${tile.path} matches none of this remote's routes`];
    return [];
  });
}
