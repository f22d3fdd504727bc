/**
 * Marks the version guard's error so the host can tell an incompatible remote from an
 * unreachable one. Its own module: app code imports it without pulling in the runtime.
 */
export const INCOMPATIBLE_REMOTE = 'PORTAL_INCOMPATIBLE_REMOTE';
