import { HANDOFF_LIFETIME_MS, handoffOrigins, handOffSession, receiveSessionHandoff, sharedCookieDomain } from './handoff';

const OTHER = 'http://localhost:3003';

const NONCE = '0123456789abcdef0123456789abcdef';

/** What a page of another portal origin leaves in the tab's name (and its nonce in the host's cookie) before loading this one. */
function handedOver(fields: Record<string, unknown>): string {
  document.cookie = `driver-portal-handoff=${NONCE}; Path=/`;
  return `driver-portal-session:${JSON.stringify({ to: window.location.origin, from: OTHER, nonce: NONCE, expires: Date.now() + 10_000, ...fields })}`;
}

afterEach(() => {
  window.name = '';
  window.sessionStorage.clear();
  document.cookie = 'driver-portal-handoff=; Max-Age=0; Path=/';
});

describe('handing the session to another origin of the portal', () => {
  it('writes the token and driver, bound to the target origin, in the tab name (never in the address)', () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    window.sessionStorage.setItem('driver-portal:driverId', 'driver-a');
    handOffSession('http://localhost:3000/register/camera/edit/1/1?driverId=driver-a');
    const [prefix, json] = [window.name.slice(0, 22), window.name.slice(22)];
    expect(prefix).toBe('driver-portal-session:');
    const written = JSON.parse(json) as Record<string, unknown>;
    expect(written).toMatchObject({ to: 'http://localhost:3000', from: window.location.origin, token: 'token-a', driverId: 'driver-a' });
    // The nonce, and only the nonce, in the host's cookie.
    expect(document.cookie).toBe(`driver-portal-handoff=${String(written.nonce)}`);
    expect(String(written.nonce)).toMatch(/^[0-9a-f]{32}$/);
    expect(written.expires).toBeGreaterThan(Date.now());
    expect(written.expires).toBeLessThanOrEqual(Date.now() + HANDOFF_LIFETIME_MS);
    expect(window.location.href).not.toContain('token-a');
  });

  it('writes nothing for an address of this origin, or when no driver is known', () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    handOffSession('/register/send-code/');
    expect(window.name).toBe('');
    window.sessionStorage.clear();
    handOffSession('http://localhost:3000/App');
    expect(window.name).toBe('');
  });
});

describe('receiving a session at boot', () => {
  it('takes the token and driver handed to this origin, empties the tab name and remembers where it came from', () => {
    window.name = handedOver({ token: 'token-a', driverId: 'driver-a' });
    receiveSessionHandoff();
    expect(window.name).toBe('');
    expect(document.cookie).toBe('');
    expect(window.sessionStorage.getItem('driver-portal:token')).toBe('token-a');
    expect(window.sessionStorage.getItem('driver-portal:driverId')).toBe('driver-a');
    expect(handoffOrigins()).toEqual([OTHER]);
  });

  it("refuses a tab name a page outside the portal wrote: without the portal's cookie, or with another nonce", () => {
    window.name = `driver-portal-session:${JSON.stringify({ to: window.location.origin, from: OTHER, nonce: NONCE, token: 'attacker', expires: Date.now() + 10_000 })}`;
    receiveSessionHandoff();
    expect(window.sessionStorage.getItem('driver-portal:token')).toBeNull();
    window.name = handedOver({ token: 'attacker', nonce: 'fedcba9876543210fedcba9876543210' });
    receiveSessionHandoff();
    expect(window.sessionStorage.getItem('driver-portal:token')).toBeNull();
    expect(document.cookie).toBe('');
  });

  it.each([
    ['localhost', 'localhost', undefined],
    ['contas.provedor.com.br', 'motorista.webview.provedor.com.br', 'provedor.com.br'],
    ['a.example.com', 'b.example.com', 'example.com'],
    ['a.com.br', 'b.com.br', undefined],
    ['example.com', 'other.org', undefined],
  ])('the nonce cookie of %s for %s is on %s', (source, target, domain) => {
    expect(sharedCookieDomain(source, target)).toBe(domain);
  });

  it.each([
    ['meant for another origin', { to: 'http://localhost:3002' }],
    ['expired', { expires: Date.now() - 1 }],
    ['dated too far ahead to be ours', { expires: Date.now() + HANDOFF_LIFETIME_MS * 10 }],
    ['from an address that is no origin', { from: 'javascript:alert(1)' }],
    ['from this very origin', { from: window.location.origin }],
  ])('refuses a handoff %s, and still empties the tab name', (_case, fields) => {
    window.name = handedOver({ token: 'token-x', driverId: 'driver-x', ...fields });
    receiveSessionHandoff();
    expect(window.name).toBe('');
    expect(window.sessionStorage.getItem('driver-portal:token')).toBeNull();
    expect(handoffOrigins()).toEqual([]);
  });

  it('ignores a tab name that is not a handoff, and garbage after the prefix', () => {
    window.name = 'some-other-window';
    receiveSessionHandoff();
    expect(window.name).toBe('some-other-window');
    window.name = 'driver-portal-session:{not json';
    receiveSessionHandoff();
    expect(window.name).toBe('');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a handoff for another driver drops everything this origin kept for the previous one', () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    window.sessionStorage.setItem('driver-portal:driverId', 'driver-a');
    window.sessionStorage.setItem('driver-portal:draft:driver-a:address', '{"number":"12"}');
    window.name = handedOver({ token: 'token-b', driverId: 'driver-b' });
    receiveSessionHandoff();
    expect(window.sessionStorage.getItem('driver-portal:draft:driver-a:address')).toBeNull();
    expect(window.sessionStorage.getItem('driver-portal:token')).toBe('token-b');
    expect(window.sessionStorage.getItem('driver-portal:driverId')).toBe('driver-b');
  });

  it('the same driver coming back keeps what this origin held (a draft survives the round trip)', () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    window.sessionStorage.setItem('driver-portal:driverId', 'driver-a');
    window.sessionStorage.setItem('driver-portal:draft:driver-a:address', '{"number":"12"}');
    window.name = handedOver({ token: 'token-a', driverId: 'driver-a' });
    receiveSessionHandoff();
    expect(window.sessionStorage.getItem('driver-portal:draft:driver-a:address')).toBe('{"number":"12"}');
  });
});
