/**
 * Canary cohorts: which drivers run a remote's canary release. A stable hash of the driver id,
 * so a driver is in or out for as long as the canary's percentage holds (never flipping between
 * versions in a shift), computed exactly as nginx's `split_clients` does (MurmurHash2, 100 cohorts of 1 % of
 * the 32-bit range): a remote's own page split by nginx and the host
 * pick the same version for a driver.
 */

/** MurmurHash2 of the UTF-8 bytes, seed 0: nginx's ngx_murmur_hash2. */
export function murmurHash2(text: string): number {
  const data = new TextEncoder().encode(text);
  const m = 0x5bd1e995;
  let length = data.length;
  let h = length >>> 0;
  let i = 0;
  while (length >= 4) {
    let k = (data[i] ?? 0) | ((data[i + 1] ?? 0) << 8) | ((data[i + 2] ?? 0) << 16) | ((data[i + 3] ?? 0) << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
    i += 4;
    length -= 4;
  }
  // The tail, as the C switch falls through from 3 to 1.
  if (length === 3) h ^= (data[i + 2] ?? 0) << 16;
  if (length >= 2) h ^= (data[i + 1] ?? 0) << 8;
  if (length >= 1) h = Math.imul(h ^ (data[i] ?? 0), m);
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h >>> 0;
}

/**
 * The share of the hash range of one 1 % cohort, as split_clients computes a part of "1%"
 * (percent × 100 × 0xffffffff / 10000, in integers): deploy/nginx/portal-canary.conf splits a
 * remote's own page into 100 such cohorts, in order, and a canary of N % takes the first N.
 */
const COHORT_SPAN = Math.floor((100 * 0xffffffff) / 10000);

/** Whether the driver is in one of the first `percent` cohorts of 1 % (whole percentages). */
export function inCanary(driverId: string | null | undefined, percent: number): boolean {
  // No driver known: the stable version (the same answer on every page of the session).
  if (!driverId || !(percent >= 1)) return false;
  if (percent >= 100) return true;
  return murmurHash2(driverId) < Math.floor(percent) * COHORT_SPAN;
}

/** The session's driver id key (SESSION_KEYS.driverId; a test holds them equal): read without the session module. */
export const DRIVER_ID_KEY = 'driver-portal:driverId';

/**
 * The driver the page is opened for: the address's `driverId` (the native app's deep link, before
 * boot has stored it), else the one the session holds.
 */
export function driverIdOf(win: Window): string | null {
  try {
    return new URL(win.location.href).searchParams.get('driverId')?.trim() || win.sessionStorage.getItem(DRIVER_ID_KEY);
  } catch {
    return null;
  }
}
