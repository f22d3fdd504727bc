import { satisfies } from 'compare-versions';

/**
 * Whether a version is in an npm range (`^19.3.1`, `>=1.2 <2 || 3.x`). A version or range that
 * does not parse is no match: a remote that names one is refused, not run on a guess.
 */
export function satisfiesRange(version: string, range: string): boolean {
  try {
    return satisfies(version, range);
  } catch {
    return false;
  }
}
