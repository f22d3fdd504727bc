import { satisfy } from '@driver-portal/build-preset/federation-versions.cjs';

/**
 * Whether a version is in a range (`^19.3.1`, `>=1.2 <2 || 3.x`, `*`, `1.2 - 2`), with Module
 * Federation 2's own semantics: the one implementation release:remote checks builds with too
 * (build-preset/federation-versions.cjs). A version or range that does not parse is no match: a
 * remote that names one is refused, not run on a guess.
 */
export function satisfiesRange(version: string, range: string): boolean {
  return satisfy(version, range);
}
