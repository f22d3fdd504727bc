import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROXY_PATH } from '../driver-api.cjs';
import { renderTemplate } from '../nginx/render.cjs';
import {
  BUILD_FILE,
  contentSecurityPolicy,
  HSTS,
  LOOPBACK_SOURCES,
  localOverrideSources,
  nginxHeadersTemplate,
  resourcePolicy,
  responseHeaders,
  securityHeaders,
} from '../security-headers.cjs';
import { STATIC_FILE } from '../../scripts/static-server.mjs';
import { freePort, runNginx, type RunningNginx } from './nginx-harness';

// Issue 13, point 9: nginx and `npm start` send the security headers of one definition.

const nginxDir = join(__dirname, '..', 'nginx');
const values = {
  remoteOrigins: 'https://a.example https://b.example',
  serviceOrigins: 'https://api.example',
  imgOrigins: 'https://img.example',
  frameAncestors: "'none'",
  xFrameOptions: 'DENY',
  cameraAllowlist: 'self',
  // A production deployment: no local override (PORTAL_LOCAL_OVERRIDE unset or off).
  localOverrideSources: '',
};
const vars = {
  PORTAL_REMOTE_ORIGINS: values.remoteOrigins,
  PORTAL_SERVICE_ORIGINS: values.serviceOrigins,
  PORTAL_IMG_ORIGINS: values.imgOrigins,
  PORTAL_FRAME_ANCESTORS: values.frameAncestors,
  PORTAL_X_FRAME_OPTIONS: values.xFrameOptions,
  PORTAL_CAMERA_ALLOWLIST: values.cameraAllowlist,
  PORTAL_LOCAL_OVERRIDE_SOURCES: values.localOverrideSources,
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
      const names = [...securityHeaders(values), ...responseHeaders({ path: '/', encrypted: true, forwardedProto: undefined })].map(
        ([name]) => name,
      );
      for (const name of names) expect(`${file}: ${text}`).not.toMatch(new RegExp(`add_header\\s+${name}\\b`, 'i'));
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

  it('a production policy names no localhost: nothing on loopback is a source of any directive (issue 45, item 6)', () => {
    for (const setting of [undefined, '', 'off']) {
      const csp = new Map(securityHeaders({ ...values, localOverrideSources: localOverrideSources(setting) })).get(
        'Content-Security-Policy',
      );
      expect(csp).toBeDefined();
      expect(csp).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]/);
      // Rendered by nginx the same way.
      const rendered = new Map(addHeaders(renderTemplate(nginxHeadersTemplate(), { ...vars, PORTAL_LOCAL_OVERRIDE_SOURCES: '' })));
      expect(rendered.get('Content-Security-Policy')).toBe(csp);
    }
  });

  it("a deployment that opts in (PORTAL_LOCAL_OVERRIDE=on) lets a squad's local remote load from loopback, by name, and no other host", () => {
    const csp =
      new Map(securityHeaders({ ...values, localOverrideSources: localOverrideSources('on') })).get('Content-Security-Policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(LOOPBACK_SOURCES).toBe('http://localhost:*');
    // Scripts, styles and the manifest's fetch: what loading a remote takes (remotes load no images of their own).
    for (const name of ['script-src', 'style-src', 'connect-src']) expect(directive(name)).toContain(LOOPBACK_SOURCES);
    for (const name of ['default-src', 'img-src', 'font-src']) expect(directive(name)).not.toContain('localhost');
    // Nothing else widens: no wildcard host, no plain http: or https:, no IPv4 or IPv6 loopback address.
    expect(csp).not.toMatch(/(^|\s)(\*|http:|https:)(\s|;|$)/);
    expect(csp).not.toMatch(/127\.0\.0\.1|\[::1\]/);
  });

  it('a setting other than on or off stops the server instead of guessing (a typo must not open the policy)', () => {
    for (const typo of ['yes', 'ON', 'true', '1', ' on', 'http://localhost:*']) {
      expect(() => localOverrideSources(typo)).toThrow(/PORTAL_LOCAL_OVERRIDE must be "on" or "off"/);
    }
  });

  it("the image's entrypoint turns the setting into the same sources, off by default, and stops on any other value", () => {
    const script = join(__dirname, '..', 'docker', '13-portal-local-override.envsh');
    const run = (env: Record<string, string>) =>
      execFileSync('sh', ['-c', `. "${script}" && printf '%s' "$PORTAL_LOCAL_OVERRIDE_SOURCES"`], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    expect(run({})).toBe(localOverrideSources(undefined));
    expect(run({ PORTAL_LOCAL_OVERRIDE: 'off' })).toBe('');
    expect(run({ PORTAL_LOCAL_OVERRIDE: 'on' })).toBe(localOverrideSources('on'));
    expect(() => run({ PORTAL_LOCAL_OVERRIDE: 'yes' })).toThrow(/PORTAL_LOCAL_OVERRIDE must be on or off/);
    const dockerfile = readFileSync(join(__dirname, '..', 'docker', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^\s*PORTAL_LOCAL_OVERRIDE=off \\$/m);
    expect(dockerfile).toMatch(/^COPY .*deploy\/docker\/13-portal-local-override\.envsh .*\/docker-entrypoint\.d\/$/m);
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

// Issue 47 (decision 0029): the CRLV-e reader's worker may start from the page's origin or from a
// blob: the page made (the host's page cannot start the onboarding's file from the remote's
// origin), and that module worker may import the remotes' files (a module worker's imports are
// checked against worker-src); no service or other origin may be a worker's source.
describe('the CSP of the CRLV-e reader', () => {
  const parsed = (csp: string) =>
    new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).filter(Boolean)]));

  it("lets workers start from 'self' and blob:, and import the remotes' files only", () => {
    expect(parsed(contentSecurityPolicy(values)).get('worker-src')).toEqual(["'self'", 'blob:', 'https://a.example', 'https://b.example']);
  });

  it('never names loopback for workers, even where the local override is on (its bytes are on every answer)', () => {
    const local = parsed(contentSecurityPolicy({ ...values, localOverrideSources: LOOPBACK_SOURCES }));
    expect(local.get('script-src')).toContain(LOOPBACK_SOURCES);
    expect(local.get('worker-src')).not.toContain(LOOPBACK_SOURCES);
    expect(parsed(contentSecurityPolicy(values)).get('worker-src')).not.toContain(LOOPBACK_SOURCES);
  });

  it('keeps blob: out of scripts, styles and connections', () => {
    const csp = parsed(contentSecurityPolicy(values));
    for (const name of ['default-src', 'script-src', 'style-src', 'connect-src']) expect(csp.get(name)).not.toContain('blob:');
  });
});

describe('Cross-Origin-Resource-Policy (issue 37, item 10)', () => {
  it("lets another origin load an app's build files (the host loads the remotes'), and nothing else", () => {
    const crossOrigin = [
      '/remoteEntry.js',
      '/mf-manifest.json',
      '/navigation.json',
      '/static/js/412.1a2b3c4d.js',
      '/static/css/main.css',
      '/logo.SVG',
    ];
    const sameOrigin = [
      '/',
      '/App',
      '/index.html',
      '/signout.html',
      '/password/change',
      '/driver-api/register/api/1.0/driver/mobile/11987654321',
      '/driver-api/register/api/1.0/driver/x.json',
      '/statement/x.js',
      '/session-handoff/mint',
      '/telemetry/beacon.json',
    ];
    expect(crossOrigin.map(resourcePolicy)).toEqual(crossOrigin.map(() => 'cross-origin'));
    expect(sameOrigin.map(resourcePolicy)).toEqual(sameOrigin.map(() => 'same-origin'));
  });

  it("reads build files as nginx's file location and the Node server's STATIC_FILE do", () => {
    expect(BUILD_FILE.source).toBe(STATIC_FILE.source);
    expect(BUILD_FILE.flags).toBe(STATIC_FILE.flags);
    expect(readFileSync(join(nginxDir, 'portal-common.conf'), 'utf8')).toContain(`location ~* ${BUILD_FILE.source} {`);
  });
});

describe('Strict-Transport-Security only where TLS is (issue 37, item 10)', () => {
  const hsts = (encrypted: boolean, forwardedProto?: string | string[]) =>
    new Map(responseHeaders({ path: '/App', encrypted, forwardedProto })).get('Strict-Transport-Security');

  it('on a TLS connection, or behind a proxy that ended TLS and says so', () => {
    expect(HSTS).toBe('max-age=31536000');
    for (const proto of ['https', 'HTTPS', ' https ', 'https, http', ['https', 'http']]) expect(hsts(false, proto)).toBe(HSTS);
    expect(hsts(true)).toBe(HSTS);
  });

  it('never on plain HTTP: the local servers, a proxy that says http, or a first hop that was not TLS', () => {
    for (const proto of [undefined, '', 'http', 'http, https', 'httpsx', 'wss', ['http', 'https']])
      expect(hsts(false, proto)).toBeUndefined();
  });
});

/** The response headers of a GET, over HTTP or over TLS (the test's own certificate). */
function headersOf(url: string, headers: Record<string, string> = {}): Promise<Record<string, string | string[] | undefined>> {
  if (url.startsWith('http:')) return fetch(url, { headers }).then((response) => Object.fromEntries(response.headers));
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { headers, rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.headers);
    });
    request.on('error', reject);
    request.end();
  });
}

// nginx runs the rendered headers file: per response, the values Node's responseHeaders gives.
describe("nginx's rendered headers give responseHeaders' values, per path and per connection", () => {
  const prefix = mkdtempSync(join(tmpdir(), 'portal-headers-'));
  let nginx: RunningNginx | undefined;
  let plain = '';
  let tls = '';

  beforeAll(async () => {
    const [plainPort, tlsPort] = [await freePort(), await freePort()];
    plain = `http://127.0.0.1:${plainPort}`;
    tls = `https://127.0.0.1:${tlsPort}`;
    mkdirSync(join(prefix, 'logs'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(prefix, 'key.pem'),
        '-out',
        join(prefix, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    writeFileSync(join(prefix, 'portal-headers.conf'), renderTemplate(nginxHeadersTemplate(), vars));
    const server = (listen: string) => `server {
    listen ${listen};
    ssl_certificate ${prefix}/cert.pem;
    ssl_certificate_key ${prefix}/key.pem;
    include ${prefix}/portal-headers.conf;
    location / { return 200 "ok"; }
  }`;
    writeFileSync(
      join(prefix, 'nginx.conf'),
      `daemon off; master_process off; pid ${prefix}/logs/nginx.pid; error_log ${prefix}/logs/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${prefix}/logs;
  map $uri $portal_proxy_path {
    default "";
    "~${PROXY_PATH.source}" 1;
  }
  ${server(`127.0.0.1:${plainPort}`)}
  ${server(`127.0.0.1:${tlsPort} ssl`)}
}
`,
    );
    nginx = await runNginx({ prefix, conf: join(prefix, 'nginx.conf'), port: plainPort });
  });

  afterAll(async () => {
    await nginx?.stop();
    rmSync(prefix, { recursive: true, force: true });
  });

  const PATHS = [
    '/App',
    '/remoteEntry.js',
    '/static/css/main.css',
    '/mf-manifest.json',
    '/driver-api/register/x.json',
    '/session-handoff/mint',
  ];
  const CONNECTIONS: Array<{ name: string; tls: boolean; headers: Record<string, string> }> = [
    { name: 'plain HTTP', tls: false, headers: {} },
    { name: 'plain HTTP behind a TLS proxy', tls: false, headers: { 'X-Forwarded-Proto': 'https' } },
    { name: 'plain HTTP behind a proxy that says http', tls: false, headers: { 'X-Forwarded-Proto': 'http' } },
    { name: 'TLS', tls: true, headers: {} },
  ];

  it.each(CONNECTIONS)('$name', async (connection) => {
    for (const path of PATHS) {
      const got = await headersOf(`${connection.tls ? tls : plain}${path}`, connection.headers);
      const expected = new Map(
        responseHeaders({
          path,
          encrypted: connection.tls,
          forwardedProto: connection.headers['X-Forwarded-Proto'],
        }),
      );
      expect({ path, corp: got['cross-origin-resource-policy'], hsts: got['strict-transport-security'] }).toEqual({
        path,
        corp: expected.get('Cross-Origin-Resource-Policy'),
        hsts: expected.get('Strict-Transport-Security'),
      });
    }
  });
});
