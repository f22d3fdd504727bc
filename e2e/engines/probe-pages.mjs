// Pages that are not the portal's, for the handoff probes: another site (127.0.0.1 is another
// host than localhost, so another site) and a page on the portal's host name on another port
// (cookies ignore ports). Plain external scripts, as an attacker's page would have.
import { createServer } from 'node:http';

const ACCOUNT_PORT = process.env.PROBE_ACCOUNT_PORT;

const PAGES = {
  '/race.html': [
    'text/html',
    '<!doctype html><title>race</title><p>race page</p><button id="b">abrir</button><script src="/race.js"></script>',
  ],
  // One tap opens the target in a popup, then reads whatever the popup lets it read, every 5 ms
  // for 1.5 s, then tries to navigate the popup to this site and read its name there.
  '/race.js': [
    'text/javascript',
    `var seen = [];
document.getElementById('b').addEventListener('click', function () {
  var target = new URLSearchParams(location.search).get('target');
  var w = window.open(target, 'race');
  window.__raceOpened = !!w;
  var start = Date.now();
  function read(label) {
    try { if (w && w.name) seen.push(label + ' name:' + w.name); } catch (e) {}
    try { if (w) seen.push(label + ' href:' + w.location.href); } catch (e) {}
  }
  (function tick() {
    read('during');
    if (Date.now() - start < 1500) return void setTimeout(tick, 5);
    try { if (w) w.location.href = location.origin + '/blank.html'; } catch (e) {}
    // Cross-Origin-Opener-Policy: the portal's page cut this page's handle on it (it reads as closed).
    try { window.__raceSevered = !w || w.closed === true; } catch (e) { window.__raceSevered = true; }
    setTimeout(function () {
      read('after');
      window.__raceSeen = seen.filter(function (v, i) { return seen.indexOf(v) === i && !/about:blank$/.test(v); });
      window.__raceDone = true;
    }, 1000);
  })();
});`,
  ],
  '/blank.html': ['text/html', '<!doctype html><title>blank</title><p>blank</p>'],
  '/forge.html': ['text/html', '<!doctype html><title>forge</title><p>forge page</p><script src="/forge.js"></script>'],
  // Asks the account's exchange for a code, as a portal page would, with the browser's cookies.
  '/forge.js': [
    'text/javascript',
    `fetch('http://localhost:${ACCOUNT_PORT}/session-handoff/mint', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to: 'http://localhost:3000', driverId: 'x', token: 'forged' }) })
  .then(function (r) { return r.status + ' ' + r.type; }, function (e) { return 'refused: ' + e; })
  .then(function (text) { window.__mint = text; });`,
  ],
};

export function serveProbePages(port, host) {
  const server = createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': `${page[0]}; charset=utf-8`, 'Cache-Control': 'no-store' }).end(page[1]);
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
