import { http, HttpResponse } from 'msw';
import { captureSessionToken } from '@driver-portal/shared/boot';
import { breakStorage, newDocument, server, STORAGE_MODES } from '@driver-portal/shared/test-utils';
import { adoptDriverId, driverValue, endSession, getDriverId, getToken, hasSession, sessionValue } from '.';
import { handoffOrigins, handOffSession, receiveSessionHandoff } from './handoff';
import { pageStorage } from './storage';

/*
 * A webview that gives the portal no usable storage (docs/session.md, "Without storage"): the
 * session the native app's address brings lives in the page's memory for the life of the page,
 * is handed across origins like any other, and is cleared like any other.
 */

const DRIVER_A = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const DRIVER_B = '7b1e4c2a-5d3f-4e6a-9b8c-0d1e2f3a4b5c';
const CODE = 'C'.repeat(43);
const OTHER = 'http://localhost:3003';

function at(address: string) {
  window.history.replaceState(null, '', address);
}

let undo: () => void = () => undefined;
afterEach(() => {
  undo();
  undo = () => undefined;
  at('/');
});

describe.each(STORAGE_MODES)('storage %s', (mode) => {
  beforeEach(() => {
    undo = breakStorage(mode);
  });

  it('a valid token in the address keeps the session for the page, and leaves the address', () => {
    at(`/notifications/list/?token=token-a&driverId=${DRIVER_A}`);
    captureSessionToken(window);
    expect(window.location.search).toBe(`?driverId=${DRIVER_A}`);
    expect(getToken()).toBe('token-a');
    expect(getDriverId()).toBe(DRIVER_A);
    expect(hasSession()).toBe(true);
    // Later screens (no token in their address) still have it: the session lasts as long as the page.
    at('/deposits/list');
    captureSessionToken(window);
    expect(getToken()).toBe('token-a');
  });

  it('a reload (a new document, no token left in the address) has no session: the driver signs in again, as after an expiry', () => {
    at(`/notifications/list/?token=token-a&driverId=${DRIVER_A}`);
    captureSessionToken(window);
    newDocument();
    at(`/notifications/list/?driverId=${DRIVER_A}`);
    captureSessionToken(window);
    expect(hasSession()).toBe(false);
    expect(getToken()).toBeUndefined();
  });

  it('the next driver of a shared phone finds nothing of the previous one in the page’s memory', () => {
    at(`/App?token=token-a&driverId=${DRIVER_A}`);
    captureSessionToken(window);
    sessionValue('notTitle').set('Bem-vindo');
    driverValue('insuranceWizard').set('{"rg":"1"}');
    at(`/App?token=token-b&driverId=${DRIVER_B}`);
    captureSessionToken(window);
    expect(getToken()).toBe('token-b');
    expect(sessionValue('notTitle').get()).toBeUndefined();
    adoptDriverId(DRIVER_A);
    expect(getToken()).toBeUndefined();
    expect(driverValue('insuranceWizard').get()).toBeUndefined();
  });

  it('/Sair clears the memory as it clears the storage', () => {
    at(`/App?token=token-a&driverId=${DRIVER_A}`);
    captureSessionToken(window);
    sessionValue('notTitle').set('Bem-vindo');
    endSession();
    expect(getToken()).toBeUndefined();
    expect(getDriverId()).toBeUndefined();
    expect(pageStorage().keys()).toEqual([]);
  });

  it('hands the session held in memory to another origin, and takes a handed-over one into memory with its way back', async () => {
    at(`/my-account/init/${DRIVER_A}?token=token-a&driverId=${DRIVER_A}`);
    captureSessionToken(window);
    const minted: unknown[] = [];
    server.use(
      http.post(`${window.location.origin}/session-handoff/mint`, async ({ request }) => {
        minted.push(await request.json());
        return HttpResponse.json({ code: CODE, expiresIn: 30 }, { status: 201 });
      }),
    );
    const address = await handOffSession('http://localhost:3000/register/details-picture/0/4');
    expect(minted).toEqual([{ to: 'http://localhost:3000', token: 'token-a', driverId: DRIVER_A }]);
    expect(address).toBe(`http://localhost:3000/register/details-picture/0/4#portal-handoff=${CODE}`);

    // The receiving page: a new document of another origin, with no session of its own.
    newDocument();
    server.use(
      http.post(`${window.location.origin}/session-handoff/redeem`, () =>
        HttpResponse.json({ token: 'token-a', driverId: DRIVER_A, from: OTHER }),
      ),
    );
    at(`/register/details-picture/0/4#portal-handoff=${CODE}`);
    expect(await receiveSessionHandoff(window)).toBe('taken');
    expect(getToken()).toBe('token-a');
    expect(getDriverId()).toBe(DRIVER_A);
    expect(handoffOrigins(window)).toEqual([OTHER]);
    expect(window.location.hash).toBe('');
  });
});
