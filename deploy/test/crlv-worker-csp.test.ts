import { contentSecurityPolicy } from '../security-headers.cjs';

// Issue 47 (decision 0029): the CRLV-e reader's worker may start from the page's origin or from a
// blob: the page made (the host's page cannot start the onboarding's file from the remote's
// origin); no remote, service or other origin may be a worker's source.

const values = {
  remoteOrigins: 'https://onboarding.example',
  serviceOrigins: 'https://api.example',
  imgOrigins: 'https://img.example',
  frameAncestors: "'none'",
  xFrameOptions: 'DENY',
  cameraAllowlist: 'self',
  localOverrideSources: '',
};

const directives = (csp: string) => new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe('the CSP of the CRLV-e reader', () => {
  it("lets workers start from 'self' and blob: only", () => {
    expect(directives(contentSecurityPolicy(values)).get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('keeps blob: out of scripts, styles and connections (a blob: module imports the worker file, it is not a script source)', () => {
    const csp = directives(contentSecurityPolicy(values));
    for (const name of ['default-src', 'script-src', 'style-src', 'connect-src']) expect(csp.get(name)).not.toContain('blob:');
    expect(csp.get('script-src')).toContain('https://onboarding.example');
  });
});
