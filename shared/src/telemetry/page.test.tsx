import { screen, waitFor } from '@testing-library/react';
import { setActiveConfig } from '@driver-portal/shared/config';
import { setSessionValue } from '@driver-portal/shared/session';
import { renderRoute, testConfig, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { startPageTelemetryAfterTheScreen } from './index';
import { pageRelease, startPageTelemetry } from './page';

/*
 * A remote's own page (the native app's deep link) sends what the host sends for a remote: its
 * load, its errors and its vitals, with the remote and the release its server named, and never
 * the token, a CPF, a name or a typed value.
 */

const CPF = '529.982.247-25';
const COLLECTOR = 'http://collector.test/events';

/** A navigation entry whose Server-Timing names the release, as the remote's nginx sends it. */
const servedFrom = (timings: Array<{ name: string; description: string }>) => ({
  getEntriesByType: (type: string) => (type === 'navigation' ? [{ serverTiming: timings }] : []),
});

function beacons() {
  const bodies: string[] = [];
  const send = (url: string, body: string) => {
    expect(url).toBe(COLLECTOR);
    bodies.push(body);
    return true;
  };
  const events = () => bodies.map((body) => JSON.parse(body) as Record<string, unknown>);
  // What was sent, the timestamps aside (a clock's digits may hold any number, a CPF's part included).
  const sentText = () => bodies.map((body) => body.replace(/"at":\d+/g, '"at":0')).join('\n');
  return { bodies, send, events, sentText };
}

const noVitals = () => Promise.resolve({ onLCP: () => undefined, onINP: () => undefined, onCLS: () => undefined } as never);

beforeEach(() => {
  setActiveConfig({ ...testConfig, telemetry: COLLECTOR });
  setSessionValue('token', TEST_TOKEN);
  window.history.replaceState(null, '', '/my-account/bank-info/3f6c2d1e-8a4b');
});

describe("a remote's own page's telemetry", () => {
  it('names the release and cohort its server named in Server-Timing; anything else is unversioned', () => {
    expect(
      pageRelease(
        servedFrom([
          { name: 'portal-release', description: 'r-0123abcd' },
          { name: 'portal-cohort', description: 'canary' },
        ]),
      ),
    ).toEqual({ version: 'r-0123abcd', cohort: 'canary' });
    expect(pageRelease(servedFrom([{ name: 'portal-release', description: 'e2e-skew-1' }]))).toEqual({
      version: 'e2e-skew-1',
      cohort: 'live',
    });
    // Served without it (npm start), or with something that is no folder name: never sent as it is.
    expect(pageRelease(servedFrom([]))).toEqual({ version: 'unversioned', cohort: 'live' });
    expect(pageRelease(servedFrom([{ name: 'portal-release', description: `<${CPF}>` }])).version).toBe('unversioned');
    expect(pageRelease(undefined).version).toBe('unversioned');
  });

  it('sends its load, uncaught errors (those before it started too) and vitals with the remote and release, scrubbed', async () => {
    const { send, events, sentText } = beacons();
    const early = new ErrorEvent('error', { error: new TypeError(`Falhou para "João da Silva", CPF ${CPF}`) });
    const vitals: Array<(metric: { name: string; value: number }) => void> = [];
    const loadVitals = () =>
      Promise.resolve({
        onLCP: (report: (typeof vitals)[number]) => vitals.push(report),
        onINP: () => undefined,
        onCLS: () => undefined,
      } as never);
    const release = { version: 'r-42', cohort: 'canary' as const };
    expect(startPageTelemetry('mfe_account', { send, early: [early], release, loadVitals })).toBe(true);

    window.dispatchEvent(new ErrorEvent('error', { error: new Error(`token ${TEST_TOKEN} recusado; agência digitada '4321'`) }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new RangeError(`driver joao@exemplo.com CPF ${CPF}`);
    window.dispatchEvent(rejection);
    await Promise.resolve();
    vitals.forEach((report) => report({ name: 'LCP', value: 1834.56789 }));

    const sent = events();
    expect(sent.map(({ kind, remote, version, cohort, route }) => ({ kind, remote, version, cohort, route }))).toEqual([
      { kind: 'load', remote: 'mfe_account', version: 'r-42', cohort: 'canary', route: '/my-account/bank-info/:value' },
      ...Array.from({ length: 3 }, () => ({
        kind: 'error',
        remote: 'mfe_account',
        version: 'r-42',
        cohort: 'canary',
        route: '/my-account/bank-info/:value',
      })),
      { kind: 'vital', remote: 'mfe_account', version: 'r-42', cohort: 'canary', route: '/my-account/bank-info/:value' },
    ]);
    expect(sent[1]?.message).toBe('TypeError: Falhou para "…", CPF #');
    expect(sent[4]).toMatchObject({ metric: 'LCP', value: 1834.568 });
    for (const secret of [TEST_TOKEN, 'João', 'Silva', '529', '247-25', '4321', 'joao@exemplo.com', '3f6c2d1e']) {
      expect(sentText()).not.toContain(secret);
    }
  });

  it('reports a screen that fails (the platform’s error page tells the page) with its route as a pattern', async () => {
    const { send, events, sentText } = beacons();
    startPageTelemetry('mfe_account', { send, release: { version: 'r-7', cohort: 'live' }, loadVitals: noVitals });
    function Broken(): never {
      throw new Error(`Falha ao mostrar "Maria Souza" CPF ${CPF}`);
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute({ routes: [{ path: 'my-account/init/:driverId', Component: Broken }], path: '/my-account/init/3f6c2d1e-8a4b' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo deu errado nesta tela' })).toBeInTheDocument();
    expect(events().filter(({ kind }) => kind === 'error')).toEqual([
      expect.objectContaining({
        remote: 'mfe_account',
        version: 'r-7',
        route: '/my-account/init/:driverId',
        message: 'Error: Falha ao mostrar "…" CPF #',
      }),
    ]);
    for (const secret of ['Maria', 'Souza', '529', '3f6c2d1e']) expect(sentText()).not.toContain(secret);
  });

  it('is off without a collector: nothing sent, the vitals library never downloaded', () => {
    setActiveConfig(testConfig);
    const send = jest.fn(() => true);
    const loadVitals = jest.fn(noVitals);
    expect(startPageTelemetry('mfe_account', { send, loadVitals })).toBe(false);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('x') }));
    expect(send).not.toHaveBeenCalled();
    expect(loadVitals).not.toHaveBeenCalled();
  });

  it('starts once the page has loaded and settled, downloading its code then, with the errors that came before', async () => {
    jest.useFakeTimers();
    const sendBeacon = jest.fn((_url: string, _body: string) => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      startPageTelemetryAfterTheScreen('mfe_onboarding');
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('antes do código') }));
      jest.advanceTimersByTime(1900);
      await Promise.resolve();
      expect(sendBeacon).not.toHaveBeenCalled();
      jest.advanceTimersByTime(200);
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(sendBeacon.mock.calls.length).toBeGreaterThanOrEqual(2));
    const sent = sendBeacon.mock.calls.map(([, body]) => JSON.parse(body) as Record<string, unknown>);
    expect(sent.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'load', remote: 'mfe_onboarding', version: 'unversioned' }),
      expect.objectContaining({ kind: 'error', remote: 'mfe_onboarding', message: 'Error: antes do código' }),
    ]);
  });
});
