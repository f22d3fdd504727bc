// Run first by `npm test` (and so by .ci/run): what the browser and nginx tests need from the
// machine, beyond npm. On a fresh Debian machine, as root, it installs the missing Debian
// packages; otherwise it names exactly what to install and stops before any test runs.
// The list is data: a test that needs another program adds a line to MACHINE_NEEDS.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Debian's name of this machine's architecture, in library paths. */
const DEBIAN_ARCH = { x64: 'x86_64', arm64: 'aarch64' }[process.arch] ?? process.arch;

/** What the tests run, where Debian puts it, and the package that brings it. */
export const MACHINE_NEEDS = [
  {
    program: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    packages: ['chromium', 'fonts-liberation'],
    for: 'the browser tests (Playwright drives Debian’s Chromium)',
  },
  {
    program: process.env.NGINX_BIN ?? '/usr/sbin/nginx',
    packages: ['nginx-light'],
    for: 'the nginx pass (the deployment’s web server configuration, for real)',
  },
  { program: '/etc/nginx/mime.types', packages: ['nginx-light'], for: 'the nginx pass' },
  {
    program: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
    packages: ['libnginx-mod-http-brotli-static'],
    for: 'nginx serving the build’s .br files (brotli_static), as the app image does',
  },
  {
    program: '/usr/lib/nginx/modules/ngx_http_js_module.so',
    packages: ['libnginx-mod-http-js'],
    for: 'nginx’s JavaScript module (the open calls’ checks and the canary cohort, deploy/nginx/*.mjs)',
  },
  {
    program: '/usr/bin/firefox-esr',
    packages: ['firefox-esr'],
    for: 'the cross-engine pass in Firefox (e2e/engines, WebDriver BiDi)',
  },
  {
    program: '/usr/bin/WebKitWebDriver',
    packages: ['webkit2gtk-driver'],
    for: 'the cross-engine pass in WebKit, the iPhone’s engine (e2e/engines)',
  },
  {
    program: `/usr/lib/${DEBIAN_ARCH}-linux-gnu/girepository-1.0/WebKit2-4.1.typelib`,
    packages: ['gir1.2-webkit2-4.1', 'python3-gi'],
    for: 'the bare 360x740 WebKitGTK webview of the WebKit pass (e2e/engines/webkit-webview.py)',
  },
  { program: '/usr/lib/python3/dist-packages/gi/__init__.py', packages: ['python3-gi'], for: 'the WebKit pass’s webview' },
  { program: '/usr/bin/xvfb-run', packages: ['xvfb', 'xauth'], for: 'a display for WebKitGTK, which has no headless mode' },
  {
    program: process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus',
    packages: ['prometheus'],
    for: 'the store of field telemetry the canary tests decide from (docs/telemetry.md, "Field telemetry")',
  },
  {
    program: process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server',
    packages: ['redis-server'],
    for: 'the shared store of the deployment with replicas (handoff codes, rate limits: docs/deploying.md, "Several replicas on this machine")',
  },
];

/**
 * What to do about the machine: nothing, install (root, with apt-get), or ask for the packages.
 * @param {{ exists: (path: string) => boolean, isRoot: boolean, hasApt: boolean }} machine
 */
export function machinePlan({ exists, isRoot, hasApt }, needs = MACHINE_NEEDS) {
  const missing = needs.filter((need) => !exists(need.program));
  const packages = [...new Set(missing.flatMap((need) => need.packages))];
  if (packages.length === 0) return { action: 'ready', packages, missing };
  if (isRoot && hasApt) return { action: 'install', packages, missing };
  return { action: 'ask', packages, missing };
}

export function askMessage(plan) {
  const lines = [
    'npm test needs programs this machine does not have:',
    ...plan.missing.map((need) => `  ${need.program}: ${need.for}`),
    'Install them with Debian’s packages (never a downloaded browser):',
    `  sudo apt-get install -y --no-install-recommends ${plan.packages.join(' ')}`,
    'or run npm test as root, which installs them.',
  ];
  return lines.join('\n');
}

function main() {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  const plan = machinePlan({ exists: existsSync, isRoot, hasApt });
  if (plan.action === 'ready') return;
  if (plan.action === 'ask') {
    console.error(askMessage(plan));
    process.exit(1);
  }
  console.log(`installing Debian packages the tests need: ${plan.packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`apt-get ${args[0]} failed (${run.status}).\n${askMessage(plan)}`);
      process.exit(1);
    }
  }
  // Debian's prometheus package starts its own service on port 9090, where the tests run theirs.
  if (plan.packages.includes('prometheus'))
    spawnSync('sh', ['-c', 'service prometheus stop || systemctl stop prometheus'], { stdio: 'ignore' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
