import { contentSecurityPolicy, LOOPBACK_SOURCES } from '../security-headers.cjs';

// Issue 47 (decision 0029): the CRLV-e reader's worker may start from the page's origin or from a
// blob: the page made (the host's page cannot start the onboarding's file from the remote's
// origin), and that module worker may import the remotes' files (a module worker's imports are
// checked against worker-src); no service or other origin may be a worker's source.

const values = {
  remoteOrigins: 'https://onboarding.example',
  serviceOrigins: 'https://api.example',
  imgOrigins: 'https://img.example',
  frameAncestors: "'none'",
  xFrameOptions: 'DENY',
  cameraAllowlist: 'self',
  localOverrideSources: '',
};

const directives = (csp: string) =>
  new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).filter(Boolean)]));

describe('the CSP of the CRLV-e reader', () => {
  it("lets workers start from 'self' and blob:, and import the remotes' files only", () => {
    expect(directives(contentSecurityPolicy(values)).get('worker-src')).toEqual(["'self'", 'blob:', 'https://onboarding.example']);
  });

  it('never names loopback for workers, even where the local override is on (its bytes are on every answer; decision 0029)', () => {
    const local = directives(contentSecurityPolicy({ ...values, localOverrideSources: LOOPBACK_SOURCES }));
    expect(local.get('script-src')).toContain(LOOPBACK_SOURCES);
    expect(local.get('worker-src')).not.toContain(LOOPBACK_SOURCES);
    expect(directives(contentSecurityPolicy(values)).get('worker-src')).not.toContain(LOOPBACK_SOURCES);
  });

  it('keeps blob: out of scripts, styles and connections', () => {
    const csp = directives(contentSecurityPolicy(values));
    for (const name of ['default-src', 'script-src', 'style-src', 'connect-src']) expect(csp.get(name)).not.toContain('blob:');
  });
});
