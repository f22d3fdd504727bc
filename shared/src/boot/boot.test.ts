import { captureSessionToken } from '.';
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
