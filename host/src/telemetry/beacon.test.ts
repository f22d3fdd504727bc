import { setActiveConfig } from '@driver-portal/shared/config';
import { setSessionValue } from '@driver-portal/shared/session';
import { RemoteRegistry } from '../federation/remote-registry';
import { createTelemetry, releaseOf, routePattern, scrubError } from '@driver-portal/shared/telemetry';
import { collectorUrl, startTelemetry } from './index';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.motorista-secreto';
const CPF = '529.982.247-25';

describe('telemetry beacons', () => {
  it('describe a route by its pattern, never by the values in it', () => {
    expect(routePattern('/my-account/init/3f6c2d1e-8a4b', { driverId: '3f6c2d1e-8a4b' })).toBe('/my-account/init/:driverId');
    // A value no route names (a CPF, a phone) is taken out all the same.
    expect(routePattern(`/register/init/${CPF}`)).toBe('/register/init/:value');
    expect(routePattern('/notifications/list/')).toBe('/notifications/list/');
  });

  it('carry an error as its class and a message without the token, numbers, quoted text or e-mail addresses', () => {
    const message = scrubError(
      new TypeError(`CPF ${CPF} de "João da Silva" (joao@exemplo.com) recusado com token=${TOKEN}; valor digitado: 'Rua das Flores 12'`),
      [TOKEN],
    );
    expect(message.startsWith('TypeError: CPF # de "…"')).toBe(true);
    for (const secret of [TOKEN, 'motorista-secreto', '529', '982', 'João', 'Silva', 'joao@exemplo.com', 'Flores', '12']) {
      expect(message).not.toContain(secret);
    }
    expect(message.length).toBeLessThanOrEqual(160);
    expect(scrubError('x'.repeat(400)).length).toBeLessThanOrEqual(160);
  });

  it('name the release and cohort from the manifest the page runs', () => {
    expect(releaseOf({ manifest: 'http://localhost:3001/releases/r-abc123/mf-manifest.json' })).toEqual({
      version: 'r-abc123',
      cohort: 'live',
    });
    expect(releaseOf({ manifest: 'http://x/releases/c1/mf-manifest.json', canary: { manifest: '', percent: 10 } })).toEqual({
      version: 'c1',
      cohort: 'canary',
    });
    expect(releaseOf({ manifest: 'http://localhost:3001/mf-manifest.json' }).version).toBe('unversioned');
  });

  it('are off without a collector in the runtime configuration', () => {
    const send = jest.fn(() => true);
    createTelemetry(undefined, send).report({ kind: 'load', remote: 'a', version: 'v', cohort: 'live', route: '/' });
    expect(send).not.toHaveBeenCalled();
    expect(collectorUrl({ environments: { sandbox: {} } }, 'sandbox')).toBeUndefined();
    expect(collectorUrl({ environments: { sandbox: { telemetry: 'http://c/e' } } }, 'sandbox')).toBe('http://c/e');
  });

  it("send a remote's loads, errors and vitals with its release, and nothing else of the driver's", async () => {
    setActiveConfig({ environment: 'sandbox', portalUrl: 'http://localhost:3000', services: {} as never, supportPhones: [] });
    setSessionValue('token', TOKEN);
    const registry = new RemoteRegistry([
      { name: 'mfe_account', manifest: 'http://localhost:3003/releases/r-42/mf-manifest.json', prefixes: ['/my-account'] },
    ]);
    const remote = registry.list()[0];
    if (!remote) throw new Error('no remote');
    // Before telemetry has downloaded: kept for it.
    registry.emit({ kind: 'load', remote, route: '/my-account' });
    const bodies: string[] = [];
    const send = (url: string, body: string) => {
      expect(url).toBe('http://collector/events');
      bodies.push(body);
      return true;
    };
    const vitals: Array<(metric: { name: string; value: number }) => void> = [];
    const loadVitals = () =>
      Promise.resolve({
        onLCP: (report: (typeof vitals)[number]) => vitals.push(report),
        onINP: () => undefined,
        onCLS: () => undefined,
      } as never);
    expect(startTelemetry({ environments: { sandbox: { telemetry: 'http://collector/events' } } }, registry, { send, loadVitals })).toBe(
      true,
    );
    registry.emit({
      kind: 'error',
      remote,
      route: '/my-account/bank-info/3f6c2d1e',
      params: { driverId: '3f6c2d1e' },
      error: new Error(`Agência "4321" do CPF ${CPF} inválida para ${TOKEN}`),
    });
    await Promise.resolve();
    vitals.forEach((report) => report({ name: 'LCP', value: 2512.345678 }));
    const events = bodies.map((body) => JSON.parse(body) as Record<string, unknown>);
    expect(events.map(({ kind, remote: name, version, cohort, route }) => ({ kind, name, version, cohort, route }))).toEqual([
      { kind: 'load', name: 'mfe_account', version: 'r-42', cohort: 'live', route: '/my-account' },
      { kind: 'error', name: 'mfe_account', version: 'r-42', cohort: 'live', route: '/my-account/bank-info/:driverId' },
      // The landing page (jsdom's "/") is the host's own.
      { kind: 'vital', name: 'host', version: 'unversioned', cohort: 'live', route: '/' },
    ]);
    expect(events[2]).toMatchObject({ metric: 'LCP', value: 2512.346 });
    for (const event of events)
      expect(Object.keys(event).sort()).toEqual(expect.arrayContaining(['at', 'cohort', 'kind', 'remote', 'route', 'version']));
    const sent = bodies.join('\n');
    for (const secret of [TOKEN, '4321', '529.982', CPF]) expect(sent).not.toContain(secret);
  });
});
