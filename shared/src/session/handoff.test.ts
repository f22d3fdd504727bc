import { http, HttpResponse } from 'msw';
import { server } from '@driver-portal/shared/test-utils';
import { onAlert, type AlertRequest } from '@driver-portal/shared/events';
import { HANDOFF_FRAGMENT, HANDOFF_REFUSED_ALERT, handoffOrigins, handOffSession, receiveSessionHandoff, takeHandoffCode } from './handoff';

const OTHER = 'http://localhost:3003';
const CODE = 'A'.repeat(20) + '_-' + 'b'.repeat(21); // 43 base64url characters, as the exchange mints
const here = () => window.location.origin;
/** Driver ids are GUIDs (the provider's; the sandbox's demo and onboarding drivers). */
const DRIVER_A = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const DRIVER_B = '7b1e4c2a-5d3f-4e6a-9b8c-0d1e2f3a4b5c';

function at(address: string) {
  window.history.replaceState(null, '', address);
}

afterEach(() => {
  window.sessionStorage.clear();
  at('/');
});

describe('handing the session to another origin of the portal', () => {
  it("mints a one-time code on this origin's exchange and puts only the code in the target's fragment", async () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    window.sessionStorage.setItem('driver-portal:driverId', DRIVER_A);
    const minted: { body: unknown; method: string; type: string | null; credentials: RequestCredentials }[] = [];
    server.use(
      http.post(`${here()}/session-handoff/mint`, async ({ request }) => {
        minted.push({
          body: await request.json(),
          method: request.method,
          type: request.headers.get('content-type'),
          credentials: request.credentials,
        });
        return HttpResponse.json({ code: CODE, expiresIn: 30 }, { status: 201 });
      }),
    );
    const address = await handOffSession(`http://localhost:3000/register/camera/edit/1/1?driverId=${DRIVER_A}#top`);
    expect(minted).toEqual([
      {
        body: { to: 'http://localhost:3000', token: 'token-a', driverId: DRIVER_A },
        method: 'POST',
        type: 'application/json',
        credentials: 'same-origin',
      },
    ]);
    expect(address).toBe(`http://localhost:3000/register/camera/edit/1/1?driverId=${DRIVER_A}#${HANDOFF_FRAGMENT}${CODE};top`);
    expect(address).not.toContain('token-a');
    expect(window.name).toBe('');
  });

  it('asks nothing for an address of this origin, or when no driver is known', async () => {
    const asked = jest.fn();
    server.use(http.post(`${here()}/session-handoff/mint`, () => (asked(), HttpResponse.json({ code: CODE }))));
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    expect(await handOffSession('/register/send-code/')).toBe(`${here()}/register/send-code/`);
    window.sessionStorage.clear();
    expect(await handOffSession('http://localhost:3000/App')).toBe('http://localhost:3000/App');
    expect(asked).not.toHaveBeenCalled();
  });

  it.each([
    ['refused (403)', () => HttpResponse.json({ error: 'not a portal page' }, { status: 403 })],
    ['down (network error)', () => HttpResponse.error()],
    ['answering something that is no code', () => HttpResponse.json({ code: '../../evil' }, { status: 201 })],
  ])('the exchange %s: the plain address opens (without the session), never an error', async (_case, answer) => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    server.use(http.post(`${here()}/session-handoff/mint`, answer));
    await expect(handOffSession('http://localhost:3000/App')).resolves.toBe('http://localhost:3000/App');
  });
});

describe('receiving a session at boot', () => {
  function redeeming(answer: Record<string, unknown> | number, seen: unknown[] = []) {
    server.use(
      http.post(`${here()}/session-handoff/redeem`, async ({ request }) => {
        seen.push(await request.json());
        return typeof answer === 'number' ? HttpResponse.json({ error: 'no such handoff' }, { status: answer }) : HttpResponse.json(answer);
      }),
    );
    return seen;
  }

  it('takes the code out of the address at once, redeems it on this origin and keeps the session and the proven origin', async () => {
    at(`/my-account/init/d1?driverId=${DRIVER_A}#${HANDOFF_FRAGMENT}${CODE};section`);
    const seen = redeeming({ from: OTHER, token: 'token-a', driverId: DRIVER_A });
    const done = receiveSessionHandoff();
    // Before the answer: the address no longer holds the code, the page's own fragment is back.
    expect(window.location.href).toBe(`${here()}/my-account/init/d1?driverId=${DRIVER_A}#section`);
    await done;
    expect(seen).toEqual([{ code: CODE }]);
    expect(window.sessionStorage.getItem('driver-portal:token')).toBe('token-a');
    expect(window.sessionStorage.getItem('driver-portal:driverId')).toBe(DRIVER_A);
    expect(handoffOrigins()).toEqual([OTHER]);
  });

  it('asks nothing without a code in the address', async () => {
    at('/my-account/init/d1#section');
    const seen = redeeming({ from: OTHER, token: 'x' });
    await receiveSessionHandoff();
    expect(seen).toEqual([]);
    expect(window.location.hash).toBe('#section');
  });

  it.each([
    ['spent, expired or minted for another origin (410)', 410],
    ['refused (403)', 403],
  ])('a code the exchange refuses (%s) gives no session, and is still gone from the address', async (_case, status) => {
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming(status);
    await receiveSessionHandoff();
    expect(window.location.href).toBe(`${here()}/App`);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a malformed code is removed from the address and never sent', async () => {
    at(`/App#${HANDOFF_FRAGMENT}not-a-code`);
    const seen = redeeming({ from: OTHER, token: 'x' });
    expect(takeHandoffCode()).toBeUndefined();
    expect(window.location.hash).toBe('');
    await receiveSessionHandoff();
    expect(seen).toEqual([]);
  });

  it.each([
    ['names no origin', { from: 'javascript:alert(1)', token: 'x' }],
    ['names this very origin', { from: 'http://localhost', token: 'x' }],
  ])('an answer that %s is not taken', async (_case, answer) => {
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming(answer);
    await receiveSessionHandoff();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a handoff for another driver replaces nothing and takes nothing: the held session ends here and the driver is told why', async () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    window.sessionStorage.setItem('driver-portal:driverId', DRIVER_A);
    window.sessionStorage.setItem(`driver-portal:draft:${DRIVER_A}:address`, '{"number":"12"}');
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming({ from: OTHER, token: 'token-b', driverId: DRIVER_B });
    await expect(receiveSessionHandoff()).resolves.toBe('refused');
    // Neither driver's session is held: not the attacker's (or next driver's), not the previous one's.
    expect(window.sessionStorage.length).toBe(0);
    expect(handoffOrigins()).toEqual([]);
    // The first alert dialog to listen shows the message (the boot runs before the dialog exists).
    const shown: AlertRequest[] = [];
    const stop = onAlert((request) => shown.push(request));
    stop();
    expect(shown).toEqual([HANDOFF_REFUSED_ALERT]);
    expect(HANDOFF_REFUSED_ALERT.title).toBe('Sessão encerrada por segurança');
    expect(HANDOFF_REFUSED_ALERT.message).toMatch(/Abra o portal de novo pelo aplicativo\.$/);
    // Shown once.
    const again: AlertRequest[] = [];
    onAlert((request) => again.push(request))();
    expect(again).toEqual([]);
  });

  it.each([
    ['a token only, not the one held', { token: 'token-b' }, { 'driver-portal:token': 'token-a' }],
    ['a driver id only, another one', { driverId: DRIVER_B }, { 'driver-portal:driverId': DRIVER_A }],
    [
      'another token and a driver id, where only a token is held',
      { token: 'token-b', driverId: DRIVER_B },
      { 'driver-portal:token': 'token-a' },
    ],
  ])('%s: refused the same way', async (_case, answer, held) => {
    for (const [key, value] of Object.entries(held)) window.sessionStorage.setItem(key, value);
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming({ from: OTHER, ...answer });
    await expect(receiveSessionHandoff()).resolves.toBe('refused');
    expect(window.sessionStorage.length).toBe(0);
    onAlert(() => undefined)();
  });

  it('the same driver may bring a newer token (the native app signed in again on the other origin)', async () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-old');
    window.sessionStorage.setItem('driver-portal:driverId', DRIVER_A);
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming({ from: OTHER, token: 'token-new', driverId: DRIVER_A.toUpperCase() });
    await expect(receiveSessionHandoff()).resolves.toBe('taken');
    expect(window.sessionStorage.getItem('driver-portal:token')).toBe('token-new');
    expect(window.sessionStorage.getItem('driver-portal:driverId')).toBe(DRIVER_A);
    expect(handoffOrigins()).toEqual([OTHER]);
  });

  it.each([
    ['markup as the driver id', { token: 'token-a', driverId: '<img src=x onerror=alert(1)>' }],
    ['a path as the driver id', { token: 'token-a', driverId: '../../../admin' }],
    ['a driver id that is not a GUID', { token: 'token-a', driverId: 'driver-a' }],
    ['markup as the token', { token: '"><script>alert(1)</script>', driverId: DRIVER_A }],
    ['a token with spaces', { token: 'Bearer token-a', driverId: DRIVER_A }],
    ['a path as the token', { token: '../../../admin', driverId: DRIVER_A }],
    ['a token too long', { token: 'a'.repeat(4097), driverId: DRIVER_A }],
    ['a token that is no text', { token: { value: 'x' }, driverId: DRIVER_A }],
    ['no session at all', {}],
  ])('an answer with %s is not taken, by an origin that holds nothing either', async (_case, answer) => {
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming({ from: OTHER, ...answer });
    await expect(receiveSessionHandoff()).resolves.toBe('none');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('the same driver coming back keeps what this origin held (a draft survives the round trip)', async () => {
    window.sessionStorage.setItem('driver-portal:token', 'token-a');
    window.sessionStorage.setItem('driver-portal:driverId', DRIVER_A);
    window.sessionStorage.setItem(`driver-portal:draft:${DRIVER_A}:address`, '{"number":"12"}');
    at(`/App#${HANDOFF_FRAGMENT}${CODE}`);
    redeeming({ from: OTHER, token: 'token-a', driverId: DRIVER_A });
    await receiveSessionHandoff();
    expect(window.sessionStorage.getItem(`driver-portal:draft:${DRIVER_A}:address`)).toBe('{"number":"12"}');
  });
});
