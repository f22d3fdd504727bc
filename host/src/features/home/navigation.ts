import { portalPath, type NavigationEntry } from '@driver-portal/shared/links';

export { clearNavigationCache, fetchAllNavigation, NAVIGATION_DEADLINE_MS } from './read-navigation';

export interface HomeLink {
  label: string;
  to: string;
}

export interface HomeSection {
  title: string;
  links: HomeLink[];
}

/**
 * The home's sections, each with its tiles (remote-list order, then each file's order). The
 * sections are the remotes' data: a tile names its section; a section's place is the smallest
 * `groupOrder` its tiles give, and sections without a hint follow, in the order they first
 * appear. Tiles that need the driver's id appear only when the session holds one.
 */
export function homeSections(entries: readonly NavigationEntry[], driverId: string | undefined): HomeSection[] {
  const sections = new Map<string, HomeSection & { order: number; firstSeen: number }>();
  for (const entry of entries) {
    const section = sections.get(entry.group) ?? { title: entry.group, links: [], order: Infinity, firstSeen: sections.size };
    sections.set(entry.group, section);
    if (entry.groupOrder !== undefined) section.order = Math.min(section.order, entry.groupOrder);
    const link = linkOf(entry, driverId);
    if (link) section.links.push(link);
  }
  return [...sections.values()]
    .filter((section) => section.links.length > 0)
    .sort((a, b) => a.order - b.order || a.firstSeen - b.firstSeen)
    .map(({ title, links }) => ({ title, links }));
}

function linkOf(entry: NavigationEntry, driverId: string | undefined): HomeLink | undefined {
  if (!entry.needsDriverId) return { label: entry.label, to: entry.path };
  if (!driverId) return undefined;
  try {
    // The pattern is data from a remote: its only placeholder, checked on reading, is :driverId.
    return { label: entry.label, to: portalPath(entry.path as '/:driverId', { driverId }) };
  } catch {
    return undefined;
  }
}
