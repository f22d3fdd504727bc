import { request as httpRequest } from 'node:http';
import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { bodyBytes, OPEN_CALL_BODIES, type OpenCallBody } from '../../deploy/test/open-call-bodies';
import { SERVER } from '../playwright.config';
import { expect, HOST, proxiedService, REMOTE_ORIGINS, resetSandbox, SANDBOX, sandboxHeaders, test } from './support';

// Issue 37, item 8, on both servers (`npm start`'s Node proxy and nginx's njs, PORTAL_SERVER=nginx):
// every body of deploy/test/open-call-bodies.json sent through the real driver-data proxy, from
// the two origins whose pages send these calls (the host and the onboarding's own URL). Each gets
// the answer the file names, the same on both servers, and a refused body changes nothing in
// the service (the sandbox's state is the same before and after).

const CORPUS = OPEN_CALL_BODIES;
const ORIGINS = [HOST, REMOTE_ORIGINS.onboarding];

/** A raw request: the exact bytes of the entry, nothing added or re-encoded by a browser or fetch. */
function send(url: string, entry: OpenCallBody): Promise<{ status: number; body: string }> {
  const bytes = bodyBytes(entry);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: entry.method,
        headers: { ...sandboxHeaders(), 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

/** Everything the sandbox holds for this test's namespace, as text. */
async function sandboxState(): Promise<string> {
  const response = await fetch(`${SANDBOX}/__sandbox/state`);
  expect(response.status).toBe(200);
  return response.text();
}

const KINDS = [...new Set(CORPUS.map((entry) => entry.kind))];

test('the corpus holds every kind of bypass and the bodies the forms send', () => {
  expect(KINDS).toEqual(expect.arrayContaining(['key', 'character', 'bytes', 'length', 'type', 'accepted']));
  expect(CORPUS.filter((entry) => entry.status === 400).length).toBeGreaterThanOrEqual(58);
});

// One test a kind: each has a sandbox namespace (and so a rate-limit client) of its own.
for (const kind of KINDS) {
  test(`open-call bodies, ${kind}: the answer the corpus names, and a refused body never reaches the service (${SERVER})`, async () => {
    const entries = CORPUS.filter((entry) => entry.kind === kind);
    const differ: string[] = [];
    let refused = 0;
    let accepted = 0;
    for (const origin of ORIGINS) {
      // Each origin starts from the seed, so an accepted body is seen to change the service's state.
      await resetSandbox();
      for (const entry of entries) {
        const url = `${proxiedService('register', origin)}${entry.path.replace('{driverId}', ONBOARDING_DRIVER.id)}`;
        const before = await sandboxState();
        const answer = await send(url, entry);
        const after = await sandboxState();
        const where = `${origin} ${entry.name}`;
        if (answer.status !== entry.status) differ.push(`${where}: ${answer.status} ${answer.body}, expected ${entry.status}`);
        if (entry.status === 400) {
          refused += 1;
          if (answer.status === 400 && answer.body !== JSON.stringify({ validations: entry.validations })) {
            differ.push(`${where}: answered ${answer.body}`);
          }
          if (after !== before) differ.push(`${where}: the sandbox's state changed`);
        } else {
          accepted += 1;
          // The service kept what the form sent: every text of the body is in its state.
          const sent = JSON.parse(entry.body ?? '{}') as Record<string, unknown>;
          const missing = Object.values(sent).filter((value) => typeof value === 'string' && !after.includes(JSON.stringify(value)));
          if (missing.length > 0) differ.push(`${where}: the sandbox does not hold ${JSON.stringify(missing)}`);
          if (after === before) differ.push(`${where}: the sandbox's state did not change`);
        }
      }
    }
    console.log(
      `${SERVER}, ${kind}: ${refused} refused and ${accepted} accepted as the corpus says, of ${entries.length * ORIGINS.length}`,
    );
    expect(differ).toEqual([]);
  });
}
