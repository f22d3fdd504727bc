import { buildPath } from '@driver-portal/shared/contract';
import { declarations } from '../../sandbox-api/src/contracts';
import { nginxDriverApiMaps, oddPathReason, PROXIED_SERVICES, ruleOf, RULES } from '../driver-api.cjs';

// Issue 25, point 1: the driver-data proxy's table (docs/security.md) covers every call the
// remotes make to the services behind it, and a driver's own data always needs that driver.

const DRIVER = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
/** An insurance request id: the insurer issues UUIDs. */
const REQUEST = 'c0a80101-0000-4000-8000-00000000a001';
const SAMPLE_VALUES: Record<string, string> = { modalityType: '0', modalityId: '0', m: '0', type: '0', documentType: '3' };

/** A declared path with every parameter filled: a driver id where one is named, a sample elsewhere. */
function samplePath(path: string): string {
  const params = Object.fromEntries(
    [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name = '']) => [
      name,
      ['guid', 'id', 'driverId'].includes(name) ? DRIVER : name === 'requestId' ? REQUEST : (SAMPLE_VALUES[name] ?? 'x1'),
    ]),
  );
  return buildPath(path, params);
}

const proxied = declarations().filter(({ endpoint }) => PROXIED_SERVICES.includes(endpoint.service));

it('every call the remotes declare on the register, insurance and card services has a rule (else the proxy refuses it)', () => {
  expect(proxied.length).toBeGreaterThan(40);
  const missing = proxied.filter(({ endpoint }) => !ruleOf(endpoint.service, endpoint.method, samplePath(endpoint.path)));
  expect(missing.map(({ owner, endpoint }) => `${owner}: ${endpoint.method} ${endpoint.path}`)).toEqual([]);
});

it.each([
  ['GET', 'api/1.0/driver/:guid'],
  ['GET', 'api/1.0/driver/:guid/bankaccount'],
  ['POST', 'api/1.0/driver/:guid/bankaccount'],
  ['PUT', 'api/1.0/driver/:guid/email-address'],
  ['PUT', 'api/1.0/driver/:guid/mobile-number'],
  ['PUT', 'api/1.0/driver/:guid/password'],
  ['POST', 'api/1.0/driver/driverPredicate/:guid'],
])("register %s %s is a signed-in driver's own data: that driver's token only", (method, path) => {
  expect(ruleOf('register', method, samplePath(path))).toEqual({ access: 'driver', driverId: DRIVER });
});

it('insurance and card calls naming a driver need that driver; renew and cancel the owner of the request; the contract a signed-in driver', () => {
  expect(ruleOf('insurance', 'GET', `api/1.0/insurance/${DRIVER}/active-policy`)).toEqual({ access: 'driver', driverId: DRIVER });
  expect(ruleOf('card', 'POST', `api/1.0/card/${DRIVER}`)).toEqual({ access: 'driver', driverId: DRIVER });
  expect(ruleOf('insurance', 'PUT', `api/1.0/insurance/${REQUEST}/cancel`)).toEqual({ access: 'request-owner', requestId: REQUEST });
  expect(ruleOf('insurance', 'PUT', `api/1.0/insurance/${REQUEST}/renew`)).toEqual({ access: 'request-owner', requestId: REQUEST });
  // A request id is letters, digits, '-' and '_': nothing else reaches the token check.
  expect(ruleOf('insurance', 'PUT', 'api/1.0/insurance/a.b/cancel')).toBeUndefined();
  expect(ruleOf('insurance', 'PUT', 'api/1.0/insurance/a b/cancel')).toBeUndefined();
  expect(ruleOf('insurance', 'POST', 'api/1.0/insurance')?.access).toBe('signed-in');
});

it('a method or path the portal does not use, or a disguised path, gets no rule', () => {
  expect(ruleOf('register', 'DELETE', `api/1.0/driver/${DRIVER}`)).toBeUndefined();
  expect(ruleOf('register', 'GET', `api/1.0/driver/${DRIVER}/anything`)).toBeUndefined();
  expect(ruleOf('communication', 'GET', `inbox/${DRIVER}/categories`)).toBeUndefined();
  // The path rule refuses a disguised path before the table is read (deploy/test/path-rule.test.ts has the corpus).
  expect(oddPathReason(`/driver-api/register/api/1.0/driver/mobile/..%2F${DRIVER}%2Fbankaccount`)).toBe('encoded-separator');
  expect(oddPathReason(`/driver-api/register/api/1.0/driver/eula/..\\${DRIVER}`)).toBe('backslash');
  expect(oddPathReason(`/driver-api/register/api/1.0/driver/mobile/../${DRIVER}/bankaccount`)).toBe('dot-segment');
  expect(oddPathReason(`/driver-api/register/api/1.0/driver/${DRIVER}/bankaccount`)).toBeUndefined();
});

// Issue 37, item 8: each rule forwards only the methods the portal uses on its path. The
// onboarding's rule (no token) forwarded PUT on ten paths, five of which the portal never PUTs.
it('every method of every rule is one a remote declares on that path: nothing more is forwarded', () => {
  const unused = RULES.flatMap((rule) =>
    rule.methods
      .filter(
        (method) =>
          !proxied.some(
            ({ endpoint }) => endpoint.service === rule.service && endpoint.method === method && rule.regex.test(samplePath(endpoint.path)),
          ),
      )
      .map((method) => `${method} ${rule.service}/${rule.path}`),
  );
  expect(unused).toEqual([]);
  // Each rule is one path: a method is named for the whole of it (no alternatives a method could ride on).
  for (const rule of RULES) expect(rule.path).not.toMatch(/[|()]/);
});

it.each([
  ['PUT', `api/1.0/driver/${DRIVER}/states`],
  ['PUT', `api/1.0/driver/${DRIVER}/location`],
  ['PUT', `api/1.0/driver/${DRIVER}/license`],
  ['PUT', `api/1.0/driver/${DRIVER}/documents`],
  ['PUT', `api/1.0/driver/${DRIVER}/modality/0/predicates`],
  ['PUT', `api/2.0/driver/${DRIVER}/documents/3`],
  ['POST', `api/2.0/driver/${DRIVER}/modality/0/send-queue-workflow`],
  ['GET', `api/1.0/driver/${DRIVER}/modality/0/`],
  ['DELETE', `api/1.0/driver/${DRIVER}/bankaccount`],
  ['PATCH', 'api/1.0/driver/eula/1'],
])('register %s %s: a method the portal never uses there gets no rule (404)', (method, path) => {
  expect(ruleOf('register', method, path)).toBeUndefined();
});

it('nginx gets every rule of the table, in order, with the driver of each `driver` rule and the request of each `request-owner` rule', () => {
  const maps = nginxDriverApiMaps();
  const accessLines = maps.split('\n').filter((line) => / (?:open|onboarding|driver|request-owner|signed-in);$/.test(line));
  expect(accessLines).toHaveLength(RULES.length);
  expect(accessLines.map((line) => line.split(' ').pop())).toEqual(RULES.map((rule) => `${rule.access};`));
  expect(maps).toContain('"~^(?:GET|POST) /driver-api/register/api/1\\.0/driver/([0-9A-Fa-f]{8}-');
  const named = accessLines.filter((line) => line.endsWith(' driver;') || line.endsWith(' request-owner;')).length;
  expect(maps.match(/ \$1;$/gm)?.length).toBe(named);
  const requestMap = maps.slice(maps.indexOf('$portal_driver_api_request_of_uri'));
  expect(requestMap).toContain('"~^(?:PUT) /driver-api/insurance/api/1\\.0/insurance/([0-9A-Za-z_-]{1,64})/cancel$" $1;');
  // The path rule and the proxies' paths are rendered for portal-common.conf and remote.conf.
  expect(maps).toContain('map $portal_path_as_sent $portal_odd_path {');
  expect(maps).toContain('"~*\\x5c" backslash;');
  expect(maps).toContain('map $uri $portal_proxy_path {');
});
