import { COHORT_HEADER, cohortOf, inCanary } from './cohort';
import { listOf, remoteDescriptors } from './remote-list';
import portalCohort from '../../../deploy/nginx/portal-cohort.mjs';

const answer = (cohort?: string) => new Response('[]', { headers: cohort === undefined ? {} : { [COHORT_HEADER]: cohort } });

describe('canary cohorts at the host', () => {
  it('read the cohort the server named on the remote list, under the servers’ header name', () => {
    expect(COHORT_HEADER).toBe(portalCohort.COHORT_HEADER);
    expect(cohortOf(answer('c00'))).toBe(0);
    expect(cohortOf(answer('c49'))).toBe(49);
    expect(cohortOf(answer('c99'))).toBe(99);
    // Anything else names no cohort: the live release.
    for (const value of [undefined, '', 'c100', 'c7', '49', 'x49', 'c49.1.sig', 'motorista-1']) expect(cohortOf(answer(value))).toBeNull();
  });

  it('put the first N cohorts in a canary of N %, as the remote’s own page is split', () => {
    expect(inCanary(0, 1)).toBe(true);
    expect(inCanary(1, 1)).toBe(false);
    expect(inCanary(49, 50)).toBe(true);
    expect(inCanary(50, 50)).toBe(false);
    expect(inCanary(98, 99)).toBe(true);
    expect(inCanary(99, 99)).toBe(false);
    expect(inCanary(99, 100)).toBe(true);
    // No cohort, a 0 % canary: the live release.
    expect(inCanary(null, 50)).toBe(false);
    expect(inCanary(0, 0)).toBe(false);
  });

  it('give the driver the manifest of their cohort when the remote list is read, whatever the address names', async () => {
    const list = [
      {
        name: 'mfe_self_service',
        manifest: 'http://localhost:3001/releases/stable/mf-manifest.json',
        prefixes: ['/notifications'],
        canary: { manifest: 'http://localhost:3001/releases/canary/mf-manifest.json', percent: 50 },
      },
    ];
    expect(remoteDescriptors(list, 10)[0]?.manifest).toContain('/releases/canary/');
    expect(remoteDescriptors(list, 50)[0]?.manifest).toContain('/releases/stable/');
    expect(remoteDescriptors(list, null)[0]?.manifest).toContain('/releases/stable/');
    // A malformed canary is no canary.
    expect(remoteDescriptors([{ ...list[0], canary: { manifest: 42, percent: 50 } }], 10)[0]?.manifest).toContain('/releases/stable/');

    // The address's driverId chooses nothing: only the server's header does.
    window.history.replaceState(null, '', '/notifications/list/?driverId=any-driver-of-the-canary');
    const read = (cohort?: string) =>
      listOf(new Response(JSON.stringify(list), { headers: cohort === undefined ? {} : { [COHORT_HEADER]: cohort } }));
    expect((await read()).list[0]?.manifest).toContain('/releases/stable/');
    expect((await read('c10')).list[0]?.manifest).toContain('/releases/canary/');
    expect((await read('c60')).list[0]?.manifest).toContain('/releases/stable/');
  });
});
