/**
 * The portal's own origins: the only pages the statement proxy answers (its CORS and its
 * credential). From PORTAL_ORIGINS (space-separated) when set, else every app of the apps lists
 * (apps.json and the running deployment's, remote-handlers.ts: a remote added by
 * `release:remote --new` joins without a restart) on localhost and 127.0.0.1, where `npm start`,
 * `npm run dev` and the end-to-end suites open them.
 */
export function portalOrigins(ports: ReadonlySet<number>): ReadonlySet<string> {
  const configured = process.env.PORTAL_ORIGINS?.split(/\s+/).filter((origin) => origin !== '');
  if (configured && configured.length > 0) return new Set(configured);
  return new Set([...ports].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]));
}
