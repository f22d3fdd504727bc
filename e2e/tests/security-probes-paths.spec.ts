import { DEMO_DRIVER, ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { CORPUS_DRIVERS, DRIVER_DATA, headerValues, oddPaths, rawRequest, type RawAnswer } from '../../deploy/test/odd-paths';
import { SERVER } from '../playwright.config';
import { ALL_REMOTE_ORIGINS, DEMO_TOKEN, expect, HOST, SANDBOX, sandboxHeaders, test } from './support';

// Issue 37, item 1 (and parts of 8 and 10), tried again on both servers (`npm start`'s Node
// server, and nginx with PORTAL_SERVER=nginx): `eula/..\<driverId>` answered a driver's name,
// CPF, e-mail and mobile through nginx without a token. The shared corpus of odd paths
// (deploy/test/odd-paths.json) goes to every app's origin, written byte for byte on a socket:
// each gets the corpus's status, and no answer holds anything of a driver.

const ORIGINS = [HOST, ...ALL_REMOTE_ORIGINS];

/** A raw request to an origin of the suite, in the test's sandbox namespace. */
function ask(origin: string, target: string, headers: Record<string, string> = {}, method = 'GET', body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const length: Record<string, string> =
    body === '' ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) };
  return rawRequest(hostname, Number(port), target, { ...sandboxHeaders(), ...length, ...headers }, method, body);
}

test(`the corpus of odd paths on every origin (${SERVER}): the corpus's status, nothing of any driver`, async () => {
  test.setTimeout(120_000);
  const corpus = oddPaths(CORPUS_DRIVERS);
  const counts = new Map<number, number>();
  const wrong: string[] = [];
  for (const origin of ORIGINS) {
    for (const entry of corpus) {
      const answer = await ask(origin, entry.path);
      counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const what = `${origin} ${JSON.stringify(entry.path)} (${entry.why})`;
      if (answer.status !== entry.status) wrong.push(`${what}: ${answer.status}, not ${entry.status}`);
      for (const data of DRIVER_DATA) if (answer.body.includes(data)) wrong.push(`${what}: the answer holds ${data}`);
      if (entry.driver && entry.status !== 200 && answer.body.includes(entry.driver)) wrong.push(`${what}: the answer names the driver`);
    }
  }
  expect(wrong).toEqual([]);
  // The count the closing note of issue 37 quotes, per server.
  const refused = corpus.filter((entry) => entry.status === 400).length * ORIGINS.length;
  const summary = `${corpus.length} paths x ${ORIGINS.length} origins on ${SERVER}: ${[...counts].map(([status, n]) => `${status} x${n}`).join(', ')}`;
  test.info().annotations.push({ type: 'odd paths', description: summary });
  console.log(summary);
  expect(counts.get(400)).toBe(refused);
});

test(`the probe's paths with the driver's own token are refused the same (${SERVER}): a token does not make an odd path fine`, async () => {
  for (const origin of ORIGINS) {
    for (const path of [
      `/driver-api/register/api/1.0/driver/eula/..\\${DEMO_DRIVER.id}`,
      `/driver-api/register/api/1.0/driver/eula/..\\..\\..\\..\\..\\insurance\\api\\1.0\\insurance\\${DEMO_DRIVER.id}\\active-policy`,
      `/statement/..\\register\\api\\1.0\\driver\\${DEMO_DRIVER.id}`,
    ]) {
      const answer = await ask(origin, path, { Authorization: `Bearer ${DEMO_TOKEN}` });
      expect([origin, path, answer.status]).toEqual([origin, path, 400]);
      expect(answer.body).not.toContain(DEMO_DRIVER.cpf);
    }
    // The plain call with the token is the driver's: the rule refuses spellings, not calls.
    const own = await ask(origin, `/driver-api/register/api/1.0/driver/${DEMO_DRIVER.id}`, { Authorization: `Bearer ${DEMO_TOKEN}` });
    expect([origin, own.status]).toEqual([origin, 200]);
    expect(own.body).toContain(DEMO_DRIVER.cpf);
  }
});

test(`CORS is the same on both servers (${SERVER}): the host on a remote's files, never on a proxy; one Cache-Control on every proxy answer`, async () => {
  for (const origin of ALL_REMOTE_ORIGINS) {
    const manifest = await ask(origin, '/mf-manifest.json', { Origin: HOST });
    expect([origin, headerValues(manifest, 'access-control-allow-origin')]).toEqual([origin, [HOST]]);
  }
  const proxyCalls = [
    { path: '/driver-api/register/api/2.0/driver/eula' },
    { path: `/driver-api/register/api/1.0/driver/mobile/${DEMO_DRIVER.mobile}` },
    { path: `/driver-api/register/api/1.0/driver/${DEMO_DRIVER.id}` },
    { path: `/driver-api/register/api/1.0/driver/${DEMO_DRIVER.id}`, headers: { Authorization: `Bearer ${DEMO_TOKEN}` } },
    { path: `/driver-api/register/api/1.0/driver/${DEMO_DRIVER.id}/nothing` },
    { path: '/driver-api/register/api/1.0/driver/eula/..\\x' },
    { path: '/statement/api/extrato/nf?cpf=1' },
    { path: '/session-handoff/mint', method: 'POST', body: '{}' },
    { path: '/telemetry/events', method: 'POST', body: '{}' },
  ];
  for (const origin of ORIGINS) {
    for (const call of proxyCalls) {
      const answer = await ask(origin, call.path, { Origin: HOST, ...call.headers }, call.method, call.body);
      const what = `${origin} ${call.method ?? 'GET'} ${call.path}`;
      expect([what, headerValues(answer, 'access-control-allow-origin')]).toEqual([what, []]);
      // Exactly one (nginx added its own to the service's: `no-store, no-store`).
      expect([what, headerValues(answer, 'cache-control').length]).toEqual([what, 1]);
      if (call.path.startsWith('/driver-api/')) expect([what, headerValues(answer, 'cache-control')]).toEqual([what, ['no-store']]);
    }
  }
});

test(`the onboarding's rule forwards only the methods the portal uses on each path (${SERVER}): others are 404, nothing changed`, async () => {
  const driver = ONBOARDING_DRIVER.id;
  const statesBefore = await (await fetch(`${SANDBOX}/register/api/1.0/driver/${driver}/states`, { headers: sandboxHeaders() })).text();
  for (const origin of ORIGINS) {
    // The five paths the portal reads and never PUTs, once let through by `GET|PUT`.
    for (const path of ['states', 'location', 'license', 'documents', 'modality/1/predicates']) {
      const answer = await ask(origin, `/driver-api/register/api/1.0/driver/${driver}/${path}`, {}, 'PUT', '{"states":[]}');
      expect([origin, path, answer.status]).toEqual([origin, path, 404]);
    }
    // A POST where the portal PUTs, a GET where it only PUTs.
    expect(
      (await ask(origin, `/driver-api/register/api/2.0/driver/${driver}/modality/1/send-queue-workflow`, {}, 'POST', '{}')).status,
    ).toBe(404);
    expect((await ask(origin, `/driver-api/register/api/1.0/driver/${driver}/modality/1/`)).status).toBe(404);
    // The reads the portal makes still answer.
    expect((await ask(origin, `/driver-api/register/api/1.0/driver/${driver}/states`)).status).toBe(200);
  }
  const statesAfter = await (await fetch(`${SANDBOX}/register/api/1.0/driver/${driver}/states`, { headers: sandboxHeaders() })).text();
  expect(statesAfter).toBe(statesBefore);
});
