import { request as httpRequest } from 'node:http';
import { CARD_REQUESTED_DRIVER_ID, DEMO_DRIVER, INSURANCE_DRIVERS, ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import {
  ALL_REMOTE_ORIGINS,
  DEMO_DRIVER_ID,
  DEMO_TOKEN,
  driverToken,
  expect,
  HOST,
  proxiedService,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  sandboxHeaders,
  test,
  withToken,
} from './support';

// Issue 25, point 1: the register, insurance and card services take no token, so the portal's
// pages reach them only through the driver-data proxy on their own origin (docs/security.md).
// Run by both servers: `npm start`'s Node server and nginx (PORTAL_SERVER=nginx).

const PORTAL_ORIGINS = [HOST, ...ALL_REMOTE_ORIGINS];
const EVIL = 'https://evil.example';
const OTHER_DRIVER = INSURANCE_DRIVERS.active;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (Node's http: any Origin header, nothing added or hidden by a browser). */
function raw(url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { ...sandboxHeaders(), ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A signed-in driver's own data, on every service behind the proxy. */
const DRIVER_CALLS = [
  { service: 'register', path: `api/1.0/driver/${DEMO_DRIVER_ID}`, shows: DEMO_DRIVER.email },
  { service: 'register', path: `api/1.0/driver/${DEMO_DRIVER_ID}/bankaccount`, shows: 'bankAccount' },
  { service: 'register', path: `api/1.0/driver/driverPredicate/${DEMO_DRIVER_ID}`, shows: 'SPEAK_IN' },
  { service: 'insurance', path: `api/1.0/insurance/${DEMO_DRIVER_ID}/active-policy`, shows: 'active' },
  { service: 'card', path: `api/1.0/card/${DEMO_DRIVER_ID}`, shows: 'stage' },
] as const;

const NEW_ACCOUNT = {
  accountType: 'CC',
  bankNumber: '341',
  agencyNumber: '1234',
  agencyNumberDigit: '',
  accountNumber: '99999',
  accountNumberDigit: '9',
};

async function demoBankAccount(): Promise<unknown> {
  const response = await fetch(`${SANDBOX}/register/api/1.0/driver/${DEMO_DRIVER_ID}/bankaccount`, { headers: sandboxHeaders() });
  return ((await response.json()) as { bankAccount: unknown }).bankAccount;
}

test("no token, another driver's token or a foreign page: refused, nothing of the driver in the answer", async () => {
  for (const origin of PORTAL_ORIGINS) {
    for (const call of DRIVER_CALLS) {
      const url = `${proxiedService(call.service, origin)}${call.path}`;
      const refusals: [string, RawResponse, number][] = [
        ['no token', await raw(url, {}), 401],
        ['a token the provider never issued', await raw(url, bearer('stolen-or-expired')), 401],
        ["another driver's token", await raw(url, bearer(driverToken(OTHER_DRIVER))), 403],
        ['a foreign page with the right token', await raw(url, { ...bearer(DEMO_TOKEN), Origin: EVIL }), 403],
      ];
      for (const [what, response, status] of refusals) {
        expect(response.status, `${url}: ${what}`).toBe(status);
        expect(response.body, `${url}: ${what}`).not.toContain(call.shows);
        expect(response.headers['access-control-allow-origin'], `${url}: ${what}`).not.toBe(EVIL);
      }
    }
  }
});

test("the driver's own token from a portal page is served, and the services never see the token", async () => {
  for (const origin of PORTAL_ORIGINS) {
    for (const call of DRIVER_CALLS) {
      const url = `${proxiedService(call.service, origin)}${call.path}`;
      for (const headers of [bearer(DEMO_TOKEN), { ...bearer(DEMO_TOKEN), Origin: origin }, { ...bearer(DEMO_TOKEN), Origin: HOST }]) {
        const response = await raw(url, headers);
        expect(response.status, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.body).toContain(call.shows);
      }
    }
  }
  // Another driver with their own token.
  const card = await raw(
    `${proxiedService('card')}api/1.0/card/${CARD_REQUESTED_DRIVER_ID}`,
    bearer(driverToken(CARD_REQUESTED_DRIVER_ID)),
  );
  expect(JSON.parse(card.body)).toMatchObject({ stage: 'MANUFACTURING' });
});

test("another driver's token or a foreign page cannot overwrite the payout bank account", async () => {
  const before = await demoBankAccount();
  const url = `${proxiedService('register')}api/1.0/driver/${DEMO_DRIVER_ID}/bankaccount`;
  const json = { 'Content-Type': 'application/json' };
  const body = JSON.stringify(NEW_ACCOUNT);
  expect((await raw(url, json, 'POST', body)).status).toBe(401);
  expect((await raw(url, { ...json, ...bearer(driverToken(OTHER_DRIVER)) }, 'POST', body)).status).toBe(403);
  expect((await raw(url, { ...json, ...bearer(DEMO_TOKEN), Origin: EVIL }, 'POST', body)).status).toBe(403);
  // A form-like cross-site POST (no preflight in a browser) is refused by its Origin.
  expect((await raw(url, { 'Content-Type': 'text/plain', Origin: EVIL }, 'POST', body)).status).toBe(403);
  expect(await demoBankAccount()).toEqual(before);

  // The driver's own save goes through.
  expect((await raw(url, { ...json, ...bearer(DEMO_TOKEN), Origin: HOST }, 'POST', body)).status).toBe(200);
  expect(await demoBankAccount()).toMatchObject({ accountNumber: '99999' });
});

/** The insurer's view of a driver's policy, asked of the sandbox directly (not through the proxy). */
async function policyOf(driverId: string): Promise<{ active: boolean; expirationDate: string | null; requestId: string }> {
  const response = await fetch(`${SANDBOX}/insurance/api/1.0/insurance/${driverId}/active-policy`, { headers: sandboxHeaders() });
  return (await response.json()) as { active: boolean; expirationDate: string | null; requestId: string };
}

test("renew and cancel are bound to the policy's driver: another signed-in driver, no token or a foreign page cannot change it", async () => {
  const owner = INSURANCE_DRIVERS.active;
  const before = await policyOf(owner);
  expect(before.active).toBe(true);
  for (const origin of PORTAL_ORIGINS) {
    for (const action of ['renew', 'cancel']) {
      const url = `${proxiedService('insurance', origin)}api/1.0/insurance/${before.requestId}/${action}`;
      const refusals: [string, RawResponse, number][] = [
        ['no token', await raw(url, {}, 'PUT'), 401],
        ["the demo driver's token (signed in, not the policy's driver)", await raw(url, bearer(DEMO_TOKEN), 'PUT'), 403],
        ["another insured driver's token", await raw(url, bearer(driverToken(INSURANCE_DRIVERS.expired)), 'PUT'), 403],
        ["the owner's token from a foreign page", await raw(url, { ...bearer(driverToken(owner)), Origin: EVIL }, 'PUT'), 403],
      ];
      for (const [what, response, status] of refusals) expect(response.status, `${url}: ${what}`).toBe(status);
    }
  }
  // A request id nobody owns is no different from another driver's.
  const unknown = `${proxiedService('insurance')}api/1.0/insurance/c0a80101-0000-4000-8000-0000000fffff/cancel`;
  expect((await raw(unknown, bearer(driverToken(owner)), 'PUT')).status).toBe(403);
  expect(await policyOf(owner)).toEqual(before);

  // The policy's own driver, from a portal page: served, and the insurer changes the policy.
  const cancel = `${proxiedService('insurance', REMOTE_ORIGINS.insurance)}api/1.0/insurance/${before.requestId}/cancel`;
  expect((await raw(cancel, { ...bearer(driverToken(owner)), Origin: REMOTE_ORIGINS.insurance }, 'PUT')).status).toBe(200);
  expect((await policyOf(owner)).active).toBe(false);
});

/** An insurance contract as the wizard sends it, naming `driverId`. */
const contractOf = (driverId: string) =>
  JSON.stringify({
    DriverId: driverId,
    DeviceId: 'device-e2e',
    Insured: { MaritalStatus: 'Casado', DocumentIssueDate: '2010-05-10', IsVehicleOwner: true, RG: '123456789', UfRG: 'SP' },
    Financial: { Bank: '341', AgencyNumber: '1234', AgencyNumberDigit: '', AccountNumber: '56789', AccountNumberDigit: '0' },
    Vehicle: { Plate: 'BRA2E19', Chassi: '9BWZZZ377VT004251', Fuel: 'Flex', UfLicencePlate: 'SP', Dispatching: 'DETRAN-SP' },
    VehicleOwner: { Name: DEMO_DRIVER.name, CPF: DEMO_DRIVER.cpf },
    AdditionalDrivers: [],
  });

test("a contract is bound to the signed-in driver: another driver cannot contract in the demo driver's name, even claiming to be them", async () => {
  const url = `${proxiedService('insurance')}api/1.0/insurance`;
  const json = { 'Content-Type': 'application/json' };
  const attacker = bearer(driverToken(INSURANCE_DRIVERS.expired));
  expect((await raw(url, json, 'POST', contractOf(DEMO_DRIVER_ID))).status).toBe(401);
  expect((await raw(url, { ...json, ...attacker }, 'POST', contractOf(DEMO_DRIVER_ID))).status).toBe(403);
  // The proxy vouches for the token's driver, replacing whatever the page claims.
  const claiming = { ...json, ...attacker, 'X-Portal-Signed-In-Driver': DEMO_DRIVER_ID };
  expect((await raw(url, claiming, 'POST', contractOf(DEMO_DRIVER_ID))).status).toBe(403);
  expect((await raw(url, { ...json, ...bearer(DEMO_TOKEN), Origin: EVIL }, 'POST', contractOf(DEMO_DRIVER_ID))).status).toBe(403);
  expect((await policyOf(DEMO_DRIVER_ID)).active).toBe(false);

  // The demo driver's own contract, from a portal page.
  const own = await raw(url, { ...json, ...bearer(DEMO_TOKEN), Origin: HOST }, 'POST', contractOf(DEMO_DRIVER_ID));
  expect(own.status, own.body).toBe(200);
  expect((await policyOf(DEMO_DRIVER_ID)).active).toBe(true);
});

test('a foreign page in a browser can neither read nor write a driver through the proxy', async ({ page }) => {
  const before = await demoBankAccount();
  await page.route(`${EVIL}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>evil</title>' }));
  await page.goto(`${EVIL}/`);
  const outcome = await page.evaluate(
    async ({ url, account }) => {
      const read = await fetch(url).then(
        async (response) => `read ${response.status}: ${(await response.text()).slice(0, 60)}`,
        () => 'blocked',
      );
      // text/plain: a "simple" request, sent without a preflight.
      const write = await fetch(url, {
        method: 'POST',
        mode: 'no-cors',
        body: JSON.stringify(account),
        headers: { 'Content-Type': 'text/plain' },
      }).then(
        () => 'sent',
        () => 'blocked',
      );
      return { read, write };
    },
    { url: `${proxiedService('register')}api/1.0/driver/${DEMO_DRIVER_ID}/bankaccount`, account: NEW_ACCOUNT },
  );
  expect(outcome.read).toBe('blocked');
  // Sent or not, the proxy refused it: the account is unchanged.
  expect(await demoBankAccount()).toEqual(before);
});

test('calls before any driver exists need no token; a call the portal never makes, or a disguised path, is refused', async () => {
  const register = proxiedService('register');
  expect((await raw(`${register}api/1.0/driver/mobile/${DEMO_DRIVER.mobile}`, {})).status).toBe(200);
  expect((await raw(`${register}api/2.0/driver/eula`, {})).status).toBe(200);
  expect((await raw(`${register}api/1.0/vehicleinfo/carbrand`, {})).status).toBe(200);
  expect(
    (await raw(`${register}api/1.0/driver/forgetpassword/mobile/${DEMO_DRIVER.mobile}/personalregistrationnumber/${DEMO_DRIVER.cpf}`, {}))
      .status,
  ).toBe(200);
  // The onboarding's steps for a driver without a token yet (docs/security.md, residual risk).
  expect((await raw(`${register}api/1.0/driver/${ONBOARDING_DRIVER.id}/states`, {})).status).toBe(200);

  expect((await raw(`${register}api/1.0/driver/${DEMO_DRIVER_ID}/anything-else`, bearer(DEMO_TOKEN))).status).toBe(404);
  expect((await raw(`${HOST}/driver-api/communication/inbox/${DEMO_DRIVER_ID}/categories`, bearer(DEMO_TOKEN))).status).toBe(404);
  // An open path whose encoded slash would reach the bank account.
  const disguised = await raw(`${register}api/1.0/driver/mobile/..%2F${DEMO_DRIVER_ID}%2Fbankaccount`, {});
  expect(disguised.status).toBe(400);
  expect(disguised.body).not.toContain('bankAccount');
});

test("the driver's screens reach the services only through the proxy, with the driver's token", async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken(`/my-account/bank-info/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados bancários' })).toBeVisible();
  await expect(page.getByLabel('Banco')).toBeVisible();
  const viaProxy = requests.filter((request) => request.url().startsWith(`${HOST}/driver-api/`));
  expect(viaProxy.length).toBeGreaterThan(0);
  for (const request of viaProxy) expect(await request.headerValue('authorization')).toBe(`Bearer ${DEMO_TOKEN}`);
  expect(requests.filter((request) => /^http:\/\/localhost:4000\/(?:register|insurance|card)\//.test(request.url()))).toEqual([]);
});
