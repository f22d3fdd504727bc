import { DEMO_DRIVER_ID, DEMO_TOKEN, driverToken, INSURANCE_DRIVERS } from '../src/constants';
import { startSandboxForFile } from './helpers';

// The provider's token check the portal's driver-data proxy asks (docs/security.md).

const sandbox = startSandboxForFile();

async function check(headers: Record<string, string>): Promise<number> {
  return (await fetch(`${sandbox.baseUrl}/auth/driver`, { headers })).status;
}

it("answers 204 for the named driver's own token (naming the token's driver), 403 for another driver's, 401 without one the provider issued", async () => {
  const answer = await fetch(`${sandbox.baseUrl}/auth/driver`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } });
  expect(answer.headers.get('X-Portal-Token-Driver')).toBe(DEMO_DRIVER_ID);
  expect(await check({ Authorization: `Bearer ${DEMO_TOKEN}`, 'X-Portal-Driver-Id': DEMO_DRIVER_ID })).toBe(204);
  const other = INSURANCE_DRIVERS.active;
  expect(await check({ Authorization: `Bearer ${driverToken(other)}`, 'X-Portal-Driver-Id': other })).toBe(204);
  expect(await check({ Authorization: `Bearer ${driverToken(other)}`, 'X-Portal-Driver-Id': DEMO_DRIVER_ID })).toBe(403);
  expect(await check({ 'X-Portal-Driver-Id': DEMO_DRIVER_ID })).toBe(401);
  expect(await check({ Authorization: 'Bearer driver-token-not-a-driver-id', 'X-Portal-Driver-Id': DEMO_DRIVER_ID })).toBe(401);
  // No driver named: any signed-in driver.
  expect(await check({ Authorization: `Bearer ${driverToken(other)}` })).toBe(204);
});

it("answers 204 for an insurance request of the token's own policy, 403 for another driver's or an unknown one", async () => {
  const ACTIVE_REQUEST = 'c0a80101-0000-4000-8000-00000000a001';
  const owner = INSURANCE_DRIVERS.active;
  expect(await check({ Authorization: `Bearer ${driverToken(owner)}`, 'X-Portal-Insurance-Request': ACTIVE_REQUEST })).toBe(204);
  expect(await check({ Authorization: `Bearer ${driverToken(owner)}`, 'X-Portal-Insurance-Request': ACTIVE_REQUEST.toUpperCase() })).toBe(
    204,
  );
  expect(await check({ Authorization: `Bearer ${DEMO_TOKEN}`, 'X-Portal-Insurance-Request': ACTIVE_REQUEST })).toBe(403);
  expect(
    await check({ Authorization: `Bearer ${driverToken(INSURANCE_DRIVERS.expired)}`, 'X-Portal-Insurance-Request': ACTIVE_REQUEST }),
  ).toBe(403);
  expect(
    await check({ Authorization: `Bearer ${driverToken(owner)}`, 'X-Portal-Insurance-Request': 'c0a80101-0000-4000-8000-0000000fffff' }),
  ).toBe(403);
  expect(await check({ 'X-Portal-Insurance-Request': ACTIVE_REQUEST })).toBe(401);
});
