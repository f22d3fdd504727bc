import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { APPS as SUITE_APPS } from '../../build-preset/apps.cjs';
import { appsCompose, appsComposeText, composeProject, projectNetworks } from '../compose.cjs';
import { LOAD_MODULES, renderPrefix, renderTemplate } from '../nginx/render.cjs';
import { nginxHeadersTemplate } from '../security-headers.cjs';
import { MACHINE_NEEDS } from '../../scripts/test-machine.mjs';

const repo = join(__dirname, '..', '..');
// docker-compose.yml and the remotes' part rendered from apps.json (`npm run compose`), merged as
// `docker compose -f docker-compose.yml -f docker-compose.apps.yml` merges them.
const composeText = `${readFileSync(join(repo, 'docker-compose.yml'), 'utf8')}\n${appsComposeText()}`;
const compose = composeProject() as {
  services: Record<
    string,
    { build: { context: string; dockerfile: string; args?: Record<string, string> }; ports: string[]; environment?: Record<string, string> }
  >;
};

const APPS = SUITE_APPS.map((app) => [app.dir, app.kind, String(app.port)] as const);

describe('docker-compose.yml with the remotes of apps.json', () => {
  it('the rendered part is YAML that reads back as rendered, and the base file names no app of the list but the host', () => {
    expect(parse(appsComposeText())).toEqual(JSON.parse(JSON.stringify(appsCompose())));
    const base = parse(readFileSync(join(repo, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, unknown> };
    // The platform's services (host, sandbox, telemetry, Prometheus) are there; no remote is.
    expect(Object.keys(base.services)).toContain('host');
    const remotesInBase = SUITE_APPS.filter((app) => app.dir !== 'host' && app.dir in base.services);
    expect(remotesInBase).toEqual([]);
  });

  it('is valid against the Compose Specification schema', () => {
    // The schema the Compose project publishes (bundled by dclint). It names draft-07 by its
    // https URL, which Ajv knows as http: drop the reference, Ajv validates draft-07 by default.
    const { $schema: _draft, ...schema } = JSON.parse(
      readFileSync(join(repo, 'node_modules', 'dclint', 'schemas', 'compose.schema.json'), 'utf8'),
    ) as Record<string, unknown>;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The validator is not vacuous: a misspelt key is refused.
    expect(validate({ services: { host: { imagee: 'x' } } })).toBe(false);
  });

  it.each(APPS)(
    '%s: two replicas of one nginx image built from the repository, behind the edge on its own port (loopback by default)',
    (app, role, port) => {
      const service = compose.services[app] as (typeof compose.services)[string] & {
        deploy?: { replicas?: number };
        healthcheck?: { test: string };
      };
      expect(service).toBeDefined();
      expect(service?.build.context).toBe('.');
      expect(service?.build.dockerfile).toBe('deploy/docker/Dockerfile');
      expect((service?.build as { target?: string }).target).toBe('app');
      expect(service?.build.args).toEqual({ APP: app, ROLE: role });
      // Replicas cannot share a published port: the edge publishes it and balances them.
      expect(service?.ports).toBeUndefined();
      expect(service?.deploy?.replicas).toBe(2);
      expect(service?.healthcheck?.test).toBe('/usr/local/bin/portal-healthz');
      expect(compose.services.edge?.ports).toContain(`\${PORTAL_PUBLISH_ADDRESS:-127.0.0.1}:${port}:${port}`);
      expect(compose.services.edge?.environment?.PORTAL_EDGE_ROUTES?.split(' ')).toContain(`${port}=${app}:80`);
      expect(existsSync(join(repo, app, 'package.json'))).toBe(true);
      expect(existsSync(join(repo, 'deploy', 'nginx', `${role}.conf.template`))).toBe(true);
    },
  );

  it('publishes nothing on every interface unless told to, and nothing at all of Redis, the handoff or telemetry', () => {
    const published = Object.entries(compose.services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => [name, port] as const),
    );
    expect(published.map(([name]) => name).sort()).toEqual([...APPS.map(() => 'edge'), 'prometheus', 'sandbox-api'].sort());
    for (const [name, port] of published) {
      // host address:public port:container port, the address 127.0.0.1 unless PORTAL_PUBLISH_ADDRESS says.
      expect([name, port]).toEqual([name, expect.stringMatching(/^(\$\{PORTAL_PUBLISH_ADDRESS:-127\.0\.0\.1\}|127\.0\.0\.1):\d+:\d+$/)]);
    }
    expect(compose.services.prometheus?.ports).toEqual(['127.0.0.1:9090:9090']);
    for (const name of ['redis', 'session-handoff', 'telemetry']) expect([name, compose.services[name]?.ports]).toEqual([name, undefined]);
  });

  it('runs the handoff exchange (sharing Redis as its own user) and the telemetry receiver as two replicas, each with a health check', () => {
    const services = compose.services as Record<
      string,
      { deploy?: { replicas?: number }; healthcheck?: { test: string }; environment?: Record<string, string>; build: { target?: string } }
    >;
    for (const name of ['session-handoff', 'telemetry']) {
      expect([name, services[name]?.deploy?.replicas]).toEqual([name, 2]);
      expect(services[name]?.healthcheck?.test).toMatch(/fetch\('http:\/\/127\.0\.0\.1:40\d\d\/(healthz|metrics)'\)/);
    }
    // The handoff logs in as its user of redis-users.acl, with the deployment's password (required);
    // the receivers never use Redis and get no URL to it.
    expect(services['session-handoff']?.environment?.PORTAL_REDIS_URL).toBe(
      "redis://handoff:${PORTAL_REDIS_PASSWORD_HANDOFF:?set PORTAL_REDIS_PASSWORD_HANDOFF (the handoff's Redis password)}@redis:6379/0",
    );
    expect(services.telemetry?.environment).not.toHaveProperty('PORTAL_REDIS_URL');
    expect(services.redis?.environment?.PORTAL_REDIS_PASSWORD_HANDOFF).toMatch(/^\$\{PORTAL_REDIS_PASSWORD_HANDOFF:\?/);
    expect(services['session-handoff']?.healthcheck?.test).toContain(':4011/healthz');
    // Its own image now (it needs ioredis and rate-limiter-flexible), no file mounted into node.
    expect(services['session-handoff']?.build.target).toBe('handoff');
    expect((compose.services['session-handoff'] as { volumes?: unknown }).volumes).toBeUndefined();
    expect(services.redis?.build.target).toBe('redis');
    // PONG to the handoff's user: an unauthenticated `redis-cli ping` exits 0 on NOAUTH too.
    expect(services.redis?.healthcheck?.test).toBe('/usr/local/bin/portal-redis-healthz');
    // A string each (the shell form): podman-compose 1.0.3 breaks a list's second replica.
    for (const [name, service] of Object.entries(services))
      if (service.healthcheck) expect([name, typeof service.healthcheck.test]).toEqual([name, 'string']);
    // Every target a service names exists in the Dockerfile.
    const dockerfile = readFileSync(join(repo, 'deploy', 'docker', 'Dockerfile'), 'utf8');
    const stages = new Set([...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]));
    for (const [name, service] of Object.entries(services)) expect([name, stages.has(service.build.target ?? '')]).toEqual([name, true]);
  });

  it('puts every service on the networks it needs only: Redis with the handoff alone, the receivers with the apps and Prometheus, the apps with the edge', () => {
    const networksOf = (name: string) => [...((compose.services[name] as { networks?: string[] }).networks ?? [])].sort();
    const members = (network: string) =>
      Object.keys(compose.services)
        .filter((name) => networksOf(name).includes(network))
        .sort();
    const apps = APPS.map(([name]) => name);
    // No service is left on Compose's default network, where every container reaches every other.
    for (const name of Object.keys(compose.services)) expect([name, networksOf(name).length > 0]).toEqual([name, true]);
    expect(members('store')).toEqual(['redis', 'session-handoff']);
    expect(members('handoff')).toEqual([...apps, 'session-handoff'].sort());
    expect(members('beacons')).toEqual([...apps, 'telemetry'].sort());
    expect(members('metrics')).toEqual(['prometheus', 'telemetry']);
    expect(members('public')).toEqual([...apps, 'edge'].sort());
    // The provider's services (the sandbox here): the apps, and the handoff for its mints' token check.
    expect(members('provider')).toEqual([...apps, 'sandbox-api', 'session-handoff'].sort());
    expect(networksOf('edge')).toEqual(['public']);
    const base = parse(readFileSync(join(repo, 'docker-compose.yml'), 'utf8')) as {
      networks: Record<string, { internal?: boolean; ipam?: { config: Array<{ subnet: string }> } }>;
    };
    for (const network of ['store', 'handoff', 'beacons']) expect([network, base.networks[network]?.internal]).toEqual([network, true]);
    // The services there believe a forwarded client address from that network's subnet only: the apps' nginx.
    const subnet = (network: string) => base.networks[network]?.ipam?.config[0]?.subnet;
    expect(compose.services['session-handoff']?.environment?.PORTAL_HANDOFF_TRUSTED_PROXIES).toBe(subnet('handoff'));
    expect(compose.services.telemetry?.environment?.TELEMETRY_TRUSTED_PROXIES).toBe(subnet('beacons'));
    expect(subnet('handoff')).not.toBe(subnet('beacons'));
    // podman-compose reads no ipam and makes no network isolated: `npm run compose` makes every
    // one first, isolated, with its subnet (the handoff's and the beacons') and internal flag.
    expect(projectNetworks('driver-portal')).toEqual([
      { name: 'driver-portal_public', internal: false },
      { name: 'driver-portal_provider', internal: false },
      { name: 'driver-portal_handoff', subnet: subnet('handoff'), internal: true },
      { name: 'driver-portal_beacons', subnet: subnet('beacons'), internal: true },
      { name: 'driver-portal_metrics', internal: false },
      { name: 'driver-portal_store', internal: true },
    ]);
    // The apps believe X-Forwarded-For from the edge only, which starts first.
    for (const app of apps) {
      expect([app, compose.services[app]?.environment?.PORTAL_TRUSTED_PROXIES]).toEqual([app, '${PORTAL_TRUSTED_PROXIES:-edge}']);
      expect([app, (compose.services[app] as { depends_on?: string[] }).depends_on]).toEqual([app, expect.arrayContaining(['edge'])]);
    }
    expect((compose.services.edge as { depends_on?: string[] }).depends_on).toBeUndefined();
  });

  it('reads the same in the engines this runs on: no top-level name (docker-compose 1.29), no empty default an engine would serve as text', () => {
    const base = parse(readFileSync(join(repo, 'docker-compose.yml'), 'utf8')) as Record<string, unknown>;
    expect(base).not.toHaveProperty('name');
    // podman-compose 1.0.3 leaves `${NAME:-}` as it is: only the two values the image's entrypoint
    // treats as unset when still an expression (40-portal-runtime-config.sh) may use it.
    const emptyDefaults = new Set([...composeText.matchAll(/\$\{([A-Z_]+):?-\}/g)].map((match) => match[1]));
    expect([...emptyDefaults].sort()).toEqual(['PORTAL_ENV_JSON', 'PORTAL_REMOTES_JSON']);
  });

  it('moves every public port and origin by PORTAL_COMPOSE_PORT_OFFSET, with the remote list and env.json to match', () => {
    const moved = composeProject({ portOffset: 10000 }) as typeof compose;
    expect(moved.services.edge?.ports).toContain('${PORTAL_PUBLISH_ADDRESS:-127.0.0.1}:13000:3000');
    expect(moved.services['sandbox-api']?.ports).toEqual(['${PORTAL_PUBLISH_ADDRESS:-127.0.0.1}:14000:4000']);
    // `$$` is Compose's escaped `$`: what the container gets.
    const value = (text: string | undefined) => JSON.parse((text ?? '').replace(/\$\$/g, '$')) as unknown;
    const remotes = value(moved.services.host?.environment?.PORTAL_REMOTES_JSON) as Array<{ manifest: string; prefixes: string[] }>;
    expect(remotes.map((remote) => remote.manifest)).toEqual(
      SUITE_APPS.filter((app) => app.kind === 'remote').map((app) => `http://localhost:${app.port + 10000}/mf-manifest.json`),
    );
    // The prefixes a deep link at the host is matched with are apps.json's.
    expect(remotes[0]?.prefixes).toEqual(SUITE_APPS.find((app) => app.kind === 'remote')?.prefixes);
    const envJson = value(moved.services.host?.environment?.PORTAL_ENV_JSON) as {
      environments: { sandbox: { services: { core: string } } };
    };
    expect(envJson.environments.sandbox.services.core).toBe('http://localhost:14000/core/');
    expect(moved.services.host?.environment?.PORTAL_SERVICE_ORIGINS).toBe('${PORTAL_SERVICE_ORIGINS:-http://localhost:14000}');
    // Every app's page origin, moved: the receiver counts beacons from those only.
    for (const app of SUITE_APPS)
      expect(moved.services.telemetry?.environment?.TELEMETRY_PORTAL_ORIGINS).toContain(`http://localhost:${app.port + 10000}`);
    // Unmoved, the builds' own files stay (the images' env.json and remotes.json).
    expect(compose.services.host?.environment?.PORTAL_REMOTES_JSON).toBe('${PORTAL_REMOTES_JSON:-}');
  });

  it('runs the sandbox API and passes the statement credential only from the environment', () => {
    expect(compose.services['sandbox-api']?.ports).toEqual(['${PORTAL_PUBLISH_ADDRESS:-127.0.0.1}:4000:4000']);
    for (const app of APPS.map(([name]) => name)) {
      // Every app's nginx proxies /statement/ (a remote's own page calls its own origin).
      expect(compose.services[app]?.environment?.STATEMENT_BASIC_AUTH).toMatch(/^\$\{STATEMENT_BASIC_AUTH:\?/);
      expect(compose.services[app]?.environment).toHaveProperty('PORTAL_STATEMENT_UPSTREAM');
      // ... and lends it only to a driver the core service knows, on a portal page.
      expect(compose.services[app]?.environment).toHaveProperty('PORTAL_STATEMENT_AUTH_URL');
      expect(compose.services[app]?.environment).toHaveProperty('PORTAL_APP_ORIGINS_REGEX');
      // Every app's nginx is also the driver-data proxy (docs/security.md).
      for (const key of ['PORTAL_REGISTER_UPSTREAM', 'PORTAL_INSURANCE_UPSTREAM', 'PORTAL_CARD_UPSTREAM', 'PORTAL_DRIVER_AUTH_URL']) {
        expect(compose.services[app]?.environment).toHaveProperty(key);
      }
    }
    expect(compose.services['sandbox-api']?.environment?.STATEMENT_BASIC_AUTH).toMatch(/^\$\{STATEMENT_BASIC_AUTH:\?/);
    expect(composeText).not.toMatch(/sandbox-secret|Basic [A-Za-z0-9+/=]{8,}/);
  });

  it('configures every app through the environment (service origins, remote list, runtime configuration)', () => {
    const host = compose.services.host?.environment ?? {};
    for (const key of [
      'PORTAL_REMOTE_ORIGINS',
      'PORTAL_SERVICE_ORIGINS',
      'PORTAL_ENV_JSON',
      'PORTAL_REMOTES_JSON',
      'PORTAL_STATEMENT_UPSTREAM',
    ]) {
      expect(host).toHaveProperty(key);
    }
    for (const [app] of APPS.slice(1)) {
      expect(compose.services[app]?.environment).toHaveProperty('PORTAL_HOST_ORIGINS_REGEX');
    }
  });

  it('runs the telemetry receiver (no public port), Prometheus scraping it, and every app proxying /telemetry/ to it', () => {
    const services = compose.services as Record<string, { expose?: string[]; ports?: string[]; volumes?: string[]; image?: string }>;
    expect(compose.services.telemetry?.build.dockerfile).toBe('deploy/docker/Dockerfile');
    expect(services.telemetry?.ports).toBeUndefined();
    expect(compose.services.telemetry?.environment).toHaveProperty('TELEMETRY_PORTAL_ORIGINS');
    // Debian's Prometheus, built here (no registry on these machines), the one the canary tests run.
    expect((compose.services.prometheus?.build as { target?: string }).target).toBe('prometheus');
    expect(services.prometheus?.volumes).toContain('./deploy/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    const scrape = parse(readFileSync(join(repo, 'deploy', 'prometheus', 'prometheus.yml'), 'utf8')) as {
      scrape_configs: Array<{ dns_sd_configs: Array<{ names: string[]; port: number }> }>;
    };
    expect(scrape.scrape_configs[0]?.dns_sd_configs[0]).toMatchObject({ names: ['telemetry'], port: 4010 });
    for (const [app] of APPS) expect(compose.services[app]?.environment?.PORTAL_TELEMETRY_UPSTREAM).toContain('http://telemetry:4010');
  });

  it('copies into the image every file the Dockerfile names', () => {
    const dockerfile = readFileSync(join(repo, 'deploy', 'docker', 'Dockerfile'), 'utf8');
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => (match[1] ?? '').split(' '));
    const resolved = sources.filter((source) => source !== '.').map((source) => source.replace('${ROLE}', 'host'));
    expect(resolved.length).toBeGreaterThan(3);
    for (const source of resolved) {
      // A glob (deploy/*.cjs, the handoff's files) must match at least the handoff exchange.
      if (source.includes('*'))
        expect(readdirSync(join(repo, dirname(source))).filter((file) => file.endsWith('.cjs'))).toContain('session-handoff.cjs');
      else expect([source, existsSync(join(repo, source))]).toEqual([source, true]);
    }
  });

  it("gives every placeholder of the app image's nginx templates a value: the image's ENV, or compose for the cohort secret", () => {
    const dockerfile = readFileSync(join(repo, 'deploy', 'docker', 'Dockerfile'), 'utf8');
    const appStage = dockerfile.slice(dockerfile.indexOf('FROM nginx AS app'), dockerfile.indexOf('FROM node:20-bookworm-slim AS handoff'));
    const env = new Set([...appStage.matchAll(/^(?:ENV )?\s*([A-Z_]+)=/gm)].map((match) => match[1]));
    const templates = [...appStage.matchAll(/^COPY (deploy\/nginx\/\S+\.template) /gm)].map((match) =>
      (match[1] ?? '').replace('${ROLE}', 'host'),
    );
    templates.push('deploy/nginx/remote.conf.template');
    const placeholders = new Set(
      templates.flatMap((file) => [...readFileSync(join(repo, file), 'utf8').matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1])),
    );
    // Written at start from STATEMENT_BASIC_AUTH (12-portal-statement-auth.envsh).
    placeholders.delete('PORTAL_STATEMENT_AUTHORIZATION');
    const missing = [...placeholders].filter((name) => !env.has(name));
    // The cohort secret has no default: compose demands it (`:?`); 20-portal-templates.sh stops without it.
    expect(missing).toEqual(['PORTAL_COHORT_SECRET']);
    for (const [app] of APPS) expect(compose.services[app]?.environment?.PORTAL_COHORT_SECRET).toMatch(/^\$\{PORTAL_COHORT_SECRET:\?/);
    expect(env.has('PORTAL_HANDOFF_UPSTREAM')).toBe(true);
  });
});

// The values the image's ENV and compose give; envsubst fills the same placeholders.
const containerVars = {
  PORTAL_LISTEN: '80',
  PORTAL_APP_ROOT: '/srv/portal',
  PORTAL_CONFIG_DIR: '/etc/portal',
  PORTAL_REMOTE_ORIGINS: 'http://localhost:3001',
  PORTAL_SERVICE_ORIGINS: 'http://localhost:4000',
  PORTAL_IMG_ORIGINS: 'http://localhost:4000',
  PORTAL_FRAME_ANCESTORS: "'none'",
  PORTAL_X_FRAME_OPTIONS: 'DENY',
  PORTAL_CAMERA_ALLOWLIST: 'self',
  // 13-portal-local-override.envsh's answer to the image's default PORTAL_LOCAL_OVERRIDE=off.
  PORTAL_LOCAL_OVERRIDE_SOURCES: '',
  PORTAL_HOST_ORIGINS_REGEX: 'http://localhost:3000',
  PORTAL_APP_ORIGINS_REGEX: SUITE_APPS.map((app) => `http://localhost:${app.port}`).join('|'),
  PORTAL_STATEMENT_UPSTREAM: 'http://127.0.0.1:4000/statement/',
  PORTAL_STATEMENT_AUTH_URL: 'http://127.0.0.1:4000/core/notificacoes/lista',
  PORTAL_STATEMENT_AUTHORIZATION: 'Basic dGVzdDp0ZXN0',
  PORTAL_REGISTER_UPSTREAM: 'http://127.0.0.1:4000/register/',
  PORTAL_INSURANCE_UPSTREAM: 'http://127.0.0.1:4000/insurance/',
  PORTAL_CARD_UPSTREAM: 'http://127.0.0.1:4000/card/',
  PORTAL_DRIVER_AUTH_URL: 'http://127.0.0.1:4000/auth/driver',
  PORTAL_RATE_LIMIT_KEY: '$binary_remote_addr',
  PORTAL_ACCESS_LOG: 'logs/access.log',
  PORTAL_TELEMETRY_UPSTREAM: 'http://127.0.0.1:4010',
  PORTAL_COHORT_SECRET: 'a-secret-of-the-deployment-0123456789',
  PORTAL_HANDOFF_UPSTREAM: 'http://127.0.0.1:4011',
};

describe('nginx configuration as the containers render it', () => {
  it.each(['host', 'remote'] as const)('%s: nginx -t accepts it', (role) => {
    const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
    // -t parses and checks without binding the port.
    const conf = renderPrefix(
      prefix,
      role,
      containerVars,
      `${LOAD_MODULES} pid logs/nginx.pid; error_log logs/error.log; events {} http { include /etc/nginx/mime.types; client_body_temp_path temp; proxy_temp_path temp; fastcgi_temp_path temp; uwsgi_temp_path temp; scgi_temp_path temp; include conf.d/*.conf; }`,
    );
    const output = execFileSync('/usr/sbin/nginx', ['-t', '-p', `${prefix}/`, '-c', conf, '-e', join(prefix, 'logs', 'error.log')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).toBe('');
  });

  it('the image stops before nginx when a placeholder has no value, naming it', () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-missing-'));
    mkdirSync(join(root, 'templates'));
    writeFileSync(join(root, 'templates', 'a.conf.template'), 'proxy_pass ${PORTAL_HANDOFF_UPSTREAM}; set $x 1;');
    const render = (env: Record<string, string>) =>
      execFileSync('sh', [join(repo, 'deploy', 'docker', '20-portal-templates.sh')], {
        env: {
          PATH: process.env.PATH ?? '',
          NGINX_ENVSUBST_TEMPLATE_DIR: join(root, 'templates'),
          NGINX_ENVSUBST_OUTPUT_DIR: join(root, 'out'),
          ...env,
        },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(() => render({})).toThrow(/set PORTAL_HANDOFF_UPSTREAM/);
    render({ PORTAL_HANDOFF_UPSTREAM: 'http://session-handoff:4011' });
    expect(readFileSync(join(root, 'out', 'a.conf'), 'utf8')).toBe('proxy_pass http://session-handoff:4011; set $x 1;');
  });

  it("the image serves the build's env.json and remote list when the variables are unset, empty, or an engine's unsubstituted text", () => {
    const config = mkdtempSync(join(tmpdir(), 'portal-runtime-'));
    const start = (env: Record<string, string>) => {
      writeFileSync(join(config, 'env.json'), '{"build":true}\n');
      writeFileSync(join(config, 'remotes.json'), '[]\n');
      execFileSync('sh', [join(repo, 'deploy', 'docker', '40-portal-runtime-config.sh')], {
        env: { PATH: process.env.PATH ?? '', PORTAL_CONFIG_DIR: config, ...env },
      });
      return [readFileSync(join(config, 'env.json'), 'utf8'), readFileSync(join(config, 'remotes.json'), 'utf8')];
    };
    expect(start({})).toEqual(['{"build":true}\n', '[]\n']);
    expect(start({ PORTAL_ENV_JSON: '', PORTAL_REMOTES_JSON: '' })).toEqual(['{"build":true}\n', '[]\n']);
    // What podman-compose 1.0.3 hands over for `${PORTAL_ENV_JSON:-}`.
    expect(start({ PORTAL_ENV_JSON: '${PORTAL_ENV_JSON:-}', PORTAL_REMOTES_JSON: '${PORTAL_REMOTES_JSON:-}' })).toEqual([
      '{"build":true}\n',
      '[]\n',
    ]);
    expect(start({ PORTAL_REMOTES_JSON: '[{"name":"x"}]' })).toEqual(['{"build":true}\n', '[{"name":"x"}]\n']);
  });

  it('refuses to render with a placeholder missing', () => {
    expect(() => renderTemplate('listen ${PORTAL_LISTEN};', {})).toThrow('PORTAL_LISTEN');
  });
});

describe('the app image ships the nginx that is tested', () => {
  const dockerfile = readFileSync(join(repo, 'deploy', 'docker', 'Dockerfile'), 'utf8');
  // What npm test (and so .ci/run) installs on the machine every nginx test runs on.
  const testedPackages = new Set(MACHINE_NEEDS.flatMap((need) => need.packages).filter((name) => /^(nginx|libnginx-mod-)/.test(name)));
  /** The Debian packages an `apt-get install` line of a file names that are nginx's. */
  const nginxPackages = (text: string) =>
    new Set(
      [...text.matchAll(/apt-get install ([^\n&]+)/g)]
        .flatMap((match) => (match[1] ?? '').split(/\s+/))
        .filter((word) => /^(nginx|libnginx-mod-)/.test(word)),
    );

  it("runs on Debian bookworm with the tests' nginx and its modules (Brotli, njs)", () => {
    const stages = new Map([...dockerfile.matchAll(/^FROM (\S+) AS (\S+)$/gm)].map((match) => [match[2], match[1]]));
    // The app image and the edge are the nginx stage: Debian's release the tests run on, no other nginx image.
    expect(stages.get('nginx')).toBe('debian:bookworm-slim');
    expect(stages.get('app')).toBe('nginx');
    expect(stages.get('edge')).toBe('nginx');
    expect(dockerfile).not.toMatch(/FROM nginx:/);
    const image = nginxPackages(dockerfile);
    expect(image).toContain('libnginx-mod-http-brotli-static');
    expect(image).toContain('libnginx-mod-http-js');
    expect(image).toEqual(testedPackages);
  });

  it("renders the templates at start as the tests render them, and nginx -t accepts the result under Debian's nginx.conf", () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-image-'));
    // The image logs to /var/log/nginx (its stdout); here a file the test may write.
    const imageVars = { ...containerVars, PORTAL_ACCESS_LOG: join(root, 'access.log') };
    const templates = join(root, 'templates');
    // Where the Dockerfile puts each template (COPY ... /etc/nginx/templates/<path>).
    for (const [, source, target] of dockerfile.matchAll(/^COPY (deploy\/nginx\/\S+\.template) \/etc\/nginx\/templates\/(\S+)$/gm)) {
      const file = join(templates, (target ?? '').replace('${ROLE}', 'host'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, readFileSync(join(repo, (source ?? '').replace('${ROLE}', 'host'))));
    }
    // The headers' template, which the build stage writes.
    writeFileSync(join(templates, 'portal', 'portal-headers.conf.template'), nginxHeadersTemplate());
    const rendered = join(root, 'etc');
    execFileSync('sh', [join(repo, 'deploy', 'docker', '20-portal-templates.sh')], {
      env: { PATH: process.env.PATH ?? '', ...imageVars, NGINX_ENVSUBST_TEMPLATE_DIR: templates, NGINX_ENVSUBST_OUTPUT_DIR: rendered },
    });
    // The same files, byte for byte, as the renderer every nginx test runs with.
    const expected = join(root, 'expected');
    renderPrefix(expected, 'host', imageVars, '');
    for (const file of [
      'conf.d/default.conf',
      'portal/portal-maps.conf',
      'portal/portal-statement.conf',
      'portal/portal-driver-api.conf',
      'portal/portal-headers.conf',
    ]) {
      expect([file, readFileSync(join(rendered, file), 'utf8')]).toEqual([file, readFileSync(join(expected, file), 'utf8')]);
    }
    // Debian's own main file (the package's, as in the image): modules from modules-enabled/,
    // the site from conf.d/; only the paths a test may write move into the folder.
    // The files the image copies as they are (no template): configuration and nginx's scripts.
    for (const file of [
      'portal-common.conf',
      'portal-log.conf',
      'portal-driver-api-checks.conf',
      'portal-driver-api-proxy.conf',
      'portal-driver-api-maps.conf',
      'portal-open-calls.mjs',
      'portal-cohort.mjs',
    ]) {
      writeFileSync(join(rendered, 'portal', file), readFileSync(join(expected, 'portal', file)));
    }
    const debianMain = readFileSync('/etc/nginx/nginx.conf', 'utf8')
      .replace(/^\s*(user|pid|error_log|access_log)\s[^;]*;/gm, '')
      .replace(/^\s*include \/etc\/nginx\/sites-enabled\/\*;/m, '')
      .replace(
        'include /etc/nginx/conf.d/*.conf;',
        `include ${rendered}/conf.d/*.conf; client_body_temp_path ${root}; proxy_temp_path ${root}; fastcgi_temp_path ${root}; uwsgi_temp_path ${root}; scgi_temp_path ${root};`,
      );
    expect(debianMain).toContain('include /etc/nginx/modules-enabled/*.conf;');
    const conf = join(rendered, 'nginx.conf');
    writeFileSync(conf, `pid ${root}/nginx.pid; error_log ${root}/error.log;\n${debianMain}`);
    // -p: Debian's prefix, where modules-enabled/ finds modules/.
    execFileSync('/usr/sbin/nginx', ['-t', '-p', '/usr/share/nginx/', '-c', conf, '-e', join(root, 'error.log')], { stdio: 'pipe' });
  });
});
