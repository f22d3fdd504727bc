import { collectedEvent, p75, TelemetryCollector } from '../src/telemetry';

const event = (kind: string, version: string, extra: Record<string, unknown> = {}) => ({
  kind,
  remote: 'mfe_self_service',
  version,
  cohort: version === 'canary' ? 'canary' : 'live',
  route: '/notifications',
  ...extra,
});

describe('the sandbox telemetry collector', () => {
  it('keeps only the fields the host sends', () => {
    expect(collectedEvent({ ...event('error', 'r1', { message: 'Error: #', token: 'demo-token', cpf: '52998224725' }) }, 5)).toEqual({
      kind: 'error',
      remote: 'mfe_self_service',
      version: 'r1',
      cohort: 'live',
      route: '/notifications',
      message: 'Error: #',
      at: 5,
    });
    expect(collectedEvent({ kind: 'nonsense', remote: 'x', version: 'y', route: '/' })).toBeUndefined();
    expect(collectedEvent('not an event')).toBeUndefined();
  });

  it('summarises per remote and release: loads, errors per 1,000 loads, failures, refusals and p75 vitals', () => {
    const collector = new TelemetryCollector();
    for (let index = 0; index < 4; index += 1) collector.add(event('load', 'r1'));
    collector.add(event('error', 'r1'));
    collector.add(event('load-failure', 'r1'));
    collector.add(event('refused', 'canary'));
    for (const value of [1000, 2000, 3000, 4000]) collector.add(event('vital', 'r1', { metric: 'LCP', value }));
    collector.add(event('vital', 'r1', { metric: 'INP', value: 120 }));
    const [live, canary] = collector.summary();
    expect(live).toMatchObject({
      version: 'r1',
      loads: 4,
      errors: 1,
      errorsPer1000Loads: 250,
      loadFailures: 1,
      lcpP75Ms: 3000,
      inpP75Ms: 120,
    });
    expect(canary).toMatchObject({ version: 'canary', cohort: 'canary', loads: 0, refusals: 1, errorsPer1000Loads: 0, lcpP75Ms: null });
    expect(p75([5])).toBe(5);
  });
});
