import suite from '../../apps.json';

/**
 * The portal's own origins: the only pages the statement proxy answers (its CORS and its
 * credential). From PORTAL_ORIGINS (space-separated) when set, else every app of apps.json on
 * localhost and 127.0.0.1, where `npm start`, `npm run dev` and the end-to-end suites open them.
 */
export function portalOrigins(): ReadonlySet<string> {
  const configured = process.env.PORTAL_ORIGINS?.split(/\s+/).filter((origin) => origin !== '');
  if (configured && configured.length > 0) return new Set(configured);
  const ports = [suite.host.port, ...suite.remotes.map((remote) => remote.port)];
  return new Set(ports.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]));
}
