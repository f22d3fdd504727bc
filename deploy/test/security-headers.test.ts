import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTemplate } from '../nginx/render.cjs';
import { nginxHeadersTemplate, securityHeaders } from '../security-headers.cjs';

// Issue 13, point 9: nginx and `npm start` send the security headers of one definition.

const nginxDir = join(__dirname, '..', 'nginx');
const values = {
  remoteOrigins: 'https://a.example https://b.example',
  serviceOrigins: 'https://api.example',
  imgOrigins: 'https://img.example',
  frameAncestors: "'none'",
  xFrameOptions: 'DENY',
  cameraAllowlist: 'self',
};
const vars = {
  PORTAL_REMOTE_ORIGINS: values.remoteOrigins,
  PORTAL_SERVICE_ORIGINS: values.serviceOrigins,
  PORTAL_IMG_ORIGINS: values.imgOrigins,
  PORTAL_FRAME_ANCESTORS: values.frameAncestors,
  PORTAL_X_FRAME_OPTIONS: values.xFrameOptions,
  PORTAL_CAMERA_ALLOWLIST: values.cameraAllowlist,
};

/** The `add_header name "value" always;` lines of an nginx file, as pairs. */
function addHeaders(conf: string): Array<[string, string]> {
  return [...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']);
}

describe('security headers', () => {
  it('nginx renders exactly the definition, with the deployment values filled in', () => {
    expect(addHeaders(renderTemplate(nginxHeadersTemplate(), vars))).toEqual(securityHeaders(values));
  });

  it('no nginx file defines a security header of its own', () => {
    for (const file of readdirSync(nginxDir).filter((name) => /\.conf(\.template)?$/.test(name))) {
      const text = readFileSync(join(nginxDir, file), 'utf8');
      for (const [name] of securityHeaders(values)) expect(`${file}: ${text}`).not.toMatch(new RegExp(`add_header\\s+${name}\\b`, 'i'));
    }
    expect(readFileSync(join(nginxDir, 'portal-common.conf'), 'utf8')).toContain('include portal/portal-headers.conf;');
  });

  it('the portal is never framed and runs no inline script', () => {
    const headers = new Map(securityHeaders(values));
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('Content-Security-Policy')).not.toContain('unsafe-inline');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    // Issue 29: no other site's page keeps a handle on a portal page it opened.
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });

  it('allows the camera only where documents are captured, and nothing needs the microphone, location or payments', () => {
    const capture = new Map(securityHeaders(values)).get('Permissions-Policy');
    expect(capture).toContain('camera=(self)');
    const elsewhere = new Map(securityHeaders({ ...values, cameraAllowlist: '' })).get('Permissions-Policy');
    expect(elsewhere).toContain('camera=()');
    for (const policy of [capture, elsewhere]) {
      for (const feature of ['microphone', 'geolocation', 'payment']) expect(policy).toContain(`${feature}=()`);
    }
  });
});
