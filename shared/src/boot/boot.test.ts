import { captureSessionToken, ownsPath, unregisterServiceWorkers } from '.';
import { getSessionValue } from '@driver-portal/shared/session';

describe('token capture at start-up', () => {
  it('keeps the token for the session and removes only it from the address bar', () => {
    window.history.replaceState(null, '', '/notifications/list/?token=abc.def&driverId=42#top');
    captureSessionToken();
    expect(getSessionValue('token')).toBe('abc.def');
    expect(getSessionValue('driverId')).toBe('42');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/notifications/list/?driverId=42#top');
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
