import { http, HttpResponse } from 'msw';
import { bootPage, captureSessionToken, ownsPath, unregisterServiceWorkers } from '.';
import { server } from '@driver-portal/shared/test-utils';
import { getSessionValue } from '@driver-portal/shared/session';

describe('token capture at start-up', () => {
  it('keeps the token for the session and removes only it from the address bar', () => {
    window.history.replaceState(null, '', '/notifications/list/?token=abc.def&driverId=42#top');
    captureSessionToken();
    expect(getSessionValue('token')).toBe('abc.def');
    expect(getSessionValue('driverId')).toBe('42');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/notifications/list/?driverId=42#top');
  });

  it("a later page of the tab with a token in its address never replaces the driver's session, and loses the token", () => {
    window.sessionStorage.setItem('driver-portal:token', 'driver');
    window.history.pushState(null, '', '/App');
    expect(window.history.length).toBeGreaterThan(1);
    window.history.replaceState(null, '', '/password/change?token=attacker');
    captureSessionToken();
    expect(getSessionValue('token')).toBe('driver');
    expect(window.location.search).toBe('');
  });

  it('a later page of an origin that holds no session yet takes the token (a deep link into a remote)', () => {
    window.history.pushState(null, '', '/x');
    window.history.replaceState(null, '', '/password/change?token=fresh');
    captureSessionToken();
    expect(getSessionValue('token')).toBe('fresh');
  });

  describe('a shared phone: the native app opens the portal for the next driver', () => {
    function driverAWasHere() {
      window.sessionStorage.setItem('driver-portal:token', 'token-a');
      window.sessionStorage.setItem('driver-portal:driverId', 'driver-a');
      window.sessionStorage.setItem('driver-portal:draft:driver-a:insurance-complement', '{"rg":"11.111.111-1"}');
      window.sessionStorage.setItem('driver-portal:insuranceWizard', '{"bank":"341"}');
      window.sessionStorage.setItem('another-app', 'kept');
      window.history.pushState(null, '', '/App');
    }

    it("takes the next driver's token and drops everything kept for the previous one", () => {
      driverAWasHere();
      window.history.replaceState(null, '', '/car-insurance/init/driver-b?token=token-b&driverId=driver-b');
      captureSessionToken();
      expect(getSessionValue('token')).toBe('token-b');
      expect(getSessionValue('driverId')).toBe('driver-b');
      expect(window.sessionStorage.getItem('driver-portal:draft:driver-a:insurance-complement')).toBeNull();
      expect(window.sessionStorage.getItem('driver-portal:insuranceWizard')).toBeNull();
      expect(window.sessionStorage.getItem('another-app')).toBe('kept');
      expect(window.location.search).toBe('?driverId=driver-b');
    });

    it("another driver's id without a token drops the previous driver's token too (never B on A's credential)", () => {
      driverAWasHere();
      window.history.replaceState(null, '', '/my-account/init/driver-b?driverId=driver-b');
      captureSessionToken();
      expect(getSessionValue('token')).toBeUndefined();
      expect(getSessionValue('driverId')).toBe('driver-b');
      expect(window.sessionStorage.getItem('driver-portal:insuranceWizard')).toBeNull();
    });

    it("also deletes the previous driver's databases (a photo not sent yet)", async () => {
      driverAWasHere();
      window.history.replaceState(null, '', '/App?token=token-b&driverId=driver-b');
      const deleted: string[] = [];
      const indexedDB = {
        databases: () => Promise.resolve([{ name: 'driver-portal-capture' }, { name: 'someone-else' }]),
        deleteDatabase: (name: string) => {
          deleted.push(name);
          const request: { onsuccess?: () => void } = {};
          setTimeout(() => request.onsuccess?.(), 0);
          return request;
        },
      };
      const win = {
        location: window.location,
        history: window.history,
        sessionStorage: window.sessionStorage,
        indexedDB,
      } as unknown as Window;
      captureSessionToken(win);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(deleted).toEqual(['driver-portal-capture']);
    });

    it('the same driver opened again keeps their session and drafts', () => {
      driverAWasHere();
      window.history.replaceState(null, '', '/App?driverId=driver-a');
      captureSessionToken();
      expect(getSessionValue('token')).toBe('token-a');
      expect(window.sessionStorage.getItem('driver-portal:draft:driver-a:insurance-complement')).not.toBeNull();
    });
  });

  it('leaves the address alone and the old session in place when there is no token', () => {
    window.sessionStorage.setItem('driver-portal:token', 'kept');
    window.history.replaceState(null, '', '/App?x=1');
    captureSessionToken();
    expect(getSessionValue('token')).toBe('kept');
    expect(window.location.search).toBe('?x=1');
  });
});

describe('service workers', () => {
  it('unregisters every service worker a previous version left behind', async () => {
    const unregister = jest.fn(() => Promise.resolve(true));
    const fakeNavigator = {
      serviceWorker: { getRegistrations: () => Promise.resolve([{ unregister }, { unregister }]) },
    } as unknown as Navigator;
    unregisterServiceWorkers(fakeNavigator);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it('does nothing where service workers do not exist', () => {
    expect(() => unregisterServiceWorkers({} as Navigator)).not.toThrow();
  });
});

describe('route ownership', () => {
  it('matches a prefix and its sub-paths, case-insensitively, and nothing else', () => {
    expect(ownsPath(['/performed-runs'], '/performed-Runs/list')).toBe(true);
    expect(ownsPath(['/eula'], '/eula')).toBe(true);
    expect(ownsPath(['/eula'], '/eulas/1')).toBe(false);
    expect(ownsPath(['/register/'], '/register/next-steps/')).toBe(true);
  });
});

describe('the page boot', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('without a handoff code, takes the token out of the address at once (before any other code runs)', () => {
    window.history.replaceState(null, '', '/App?token=abc');
    void bootPage();
    expect(window.location.search).toBe('');
    expect(getSessionValue('token')).toBe('abc');
  });

  it('with a handoff code, redeems it first, then reads the address; the app starts after both', async () => {
    const code = 'C'.repeat(43);
    // A driver id is a GUID: the exchange and the page take no other shape.
    const driver = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
    server.use(
      http.post('http://localhost/session-handoff/redeem', () =>
        HttpResponse.json({ from: 'http://localhost:3003', token: 'handed', driverId: driver }),
      ),
    );
    window.history.replaceState(null, '', `/App?driverId=${driver}#portal-handoff=${code}`);
    const ready = bootPage();
    expect(window.location.hash).toBe('');
    await ready;
    expect(getSessionValue('token')).toBe('handed');
    expect(getSessionValue('driverId')).toBe(driver);
  });
});
