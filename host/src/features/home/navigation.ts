import { NAVIGATION_GROUPS, portalPath, type NavigationEntry, type NavigationGroup } from '@driver-portal/shared/links';

export { clearNavigationCache, fetchAllNavigation, NAVIGATION_DEADLINE_MS } from './read-navigation';

export interface HomeLink {
  label: string;
  to: string;
}

export interface HomeSection {
  title: NavigationGroup;
  links: HomeLink[];
}

/**
 * The home's sections in their fixed order, each with its tiles (remote-list order, then each
 * file's order). Tiles that need the driver's id appear only when the session holds one.
 */
export function homeSections(entries: readonly NavigationEntry[], driverId: string | undefined): HomeSection[] {
  const links = entries.flatMap((entry): Array<HomeLink & { group: NavigationGroup }> => {
    if (!entry.needsDriverId) return [{ label: entry.label, to: entry.path, group: entry.group }];
    if (!driverId) return [];
    try {
      // The pattern is data from a remote: its only placeholder, checked on reading, is :driverId.
      return [{ label: entry.label, to: portalPath(entry.path as '/:driverId', { driverId }), group: entry.group }];
    } catch {
      return [];
    }
  });
  return NAVIGATION_GROUPS.map((title) => ({
    title,
    links: links.filter((link) => link.group === title).map(({ label, to }) => ({ label, to })),
  })).filter((section) => section.links.length > 0);
}
