// Adds a new remote to a running nginx deployment (`npm run start:nginx`), or takes one out, with
// no restart and no dropped request (docs/screens.md, "Add a remote"):
//   npm run release:remote -- <remote> --new [--deployment <.deploy folder>] [--root <checkout>] [--no-build]
//   npm run release:remote -- <remote> --remove [--deployment <.deploy folder>]
// Run from the squad's checkout: --root defaults to it, --deployment to its own .deploy, and
// relative paths are read from the folder npm was run from. --new for a remote the deployment runs
// already with the same port and prefixes (start:nginx in that checkout deployed it) succeeds
// doing nothing.
// --new: the remote's entry is read from the checkout's apps.json (the squad's branch, --root;
// default this checkout). Builds it there, publishes the build as its first release, renders its
// nginx server and starts it, then adds its origin to the host's CSP (and every app's list of
// portal origins) and reloads each running nginx gracefully (`nginx -s reload`: old workers finish
// their requests), and adds it to the host's remote list: new page loads show its home section
// and its routes. --remove undoes it. The deployment's list of apps is kept in .deploy/apps.json.
// Both lists are validated (build-preset/apps-validate.cjs) before anything is built or written,
// and every write and delete stays inside .deploy (scripts/nginx-config.mjs, inDeployment).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { appsProblems, REMOTE_NAME } = require('../build-preset/apps-validate.cjs');
const { cohortSecretProblem } = require('./cohort-secret.cjs');
const { samePrefixes } = require('./release-rules.cjs');
const record = require('./deployment-record.cjs');

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const here = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    new: { type: 'boolean' },
    remove: { type: 'boolean' },
    root: { type: 'string' },
    deployment: { type: 'string' },
    'no-build': { type: 'boolean' },
    apply: { type: 'boolean' },
  },
});
const [dir] = positionals;
// Paths resolved from where npm was run (INIT_CWD), as release-remote.mjs does: the deployment
// (--deployment, PORTAL_DEPLOY_ROOT, else this checkout's .deploy), its record of what it runs
// (scripts/deployment-record.cjs; made from what it serves for a deployment started before it kept
// one), the squad's checkout.
const paths = record.deploymentPaths({
  deployment: values.deployment,
  root: values.root,
  env: process.env,
  cwd: process.cwd(),
  checkout: here,
});
process.env.PORTAL_DEPLOY_ROOT = paths.deployRoot;
const deploymentList = record.recordFile(paths.deployRoot);
// What each piece of advice adds for the squad to type the command again: the deployment and the
// checkout, when they are not this checkout's own.
const deploymentFlag = paths.deployRoot === join(here, '.deploy') ? '' : ` --deployment ${paths.deployRoot}`;
const rootFlag = paths.root === here ? '' : ` --root ${paths.root}`;
const command = (/** @type {string} */ args) => `\`npm run release:remote -- ${[dir, args.trim()].filter(Boolean).join(' ')}\``;
const fail = (message, code = 1) => {
  console.error(message);
  process.exit(code);
};
if (!dir || values.new === values.remove)
  fail('usage: release-remote.mjs <remote> --new [--root <checkout>] [--no-build] | <remote> --remove', 2);
// The name becomes folders under .deploy: only a remote's folder name (mfe-<name>) gets that far.
if (!REMOTE_NAME.test(dir)) fail(`${JSON.stringify(dir)} is not a remote's folder name (mfe-<name>): nothing was done`, 2);
/** Refuses a list with its problems, one line per field, before anything is written. */
const refuseProblems = (problems, what) => {
  if (problems.length > 0) fail(`${dir} was not ${what}; nothing was written:\n${problems.join('\n')}`, 2);
};

if (!values.apply) {
  // Phase 1: the deployment's list after the change, then phase 2 runs with it as the suite's list.
  if (!record.hasDeployment(paths.deployRoot))
    fail(
      `No deployment found in ${paths.deployRoot}: start one with \`npm run start:nginx\` first (or name it: --deployment <its .deploy folder>).`,
    );
  // Every app's nginx is rendered again with the cohort secret: a bad one is refused now, not half-way.
  const secretProblem = process.env.PORTAL_COHORT_SECRET === undefined ? undefined : cohortSecretProblem(process.env.PORTAL_COHORT_SECRET);
  if (secretProblem) fail(`${dir} was not ${values.new ? 'added' : 'removed'}: PORTAL_COHORT_SECRET ${secretProblem}`, 2);
  const beforeFile = existsSync(deploymentList) ? deploymentList : (paths.appsJson ?? join(here, 'apps.json'));
  const before = JSON.parse(readFileSync(beforeFile, 'utf8'));
  refuseProblems(appsProblems(before, beforeFile), values.new ? 'added' : 'removed');
  let after;
  if (values.new) {
    const root = paths.root;
    const squadList = JSON.parse(readFileSync(join(root, 'apps.json'), 'utf8'));
    // The squad's whole list first (its fields are named as in its file), then the deployment's list with the entry.
    refuseProblems(appsProblems(squadList, join(root, 'apps.json')), 'added');
    const entry = squadList.remotes.find((remote) => remote.app === dir);
    if (!entry)
      fail(
        `${dir} is not in ${join(root, 'apps.json')}: ` +
          (existsSync(join(root, dir))
            ? 'give it its line there (port and prefixes)'
            : `scaffold it there first with \`npm run new:remote -- ${dir} --port <a free port> --prefix /<its path>\``) +
          `, then ${command(`--new${deploymentFlag}${rootFlag}`)}`,
        2,
      );
    // An entry of the record with nothing of it published (a --new that stopped half-way) is not
    // deployed: it is added again.
    const stale = before.remotes.find((remote) => remote.app === dir && !record.isPublished(paths.deployRoot, dir));
    if (stale) before.remotes = before.remotes.filter((remote) => remote !== stale);
    const deployed = before.remotes.find((remote) => remote.app === dir);
    // start:nginx in the squad's checkout deployed every app of its apps.json, the new remote
    // too: --new then has nothing to add, which is what the squad asked for.
    if (deployed && deployed.port === entry.port && samePrefixes(deployed.prefixes, entry.prefixes)) {
      console.log(
        `${dir} is in the running deployment already (port ${entry.port}, prefixes ${entry.prefixes.join(', ')}): nothing to add.\n` +
          `Release a change of it with ${command(`${deploymentFlag}${rootFlag}`)}.`,
      );
      process.exit(0);
    }
    if (deployed)
      fail(
        `${dir} is deployed already with ${deployed.port === entry.port ? `prefixes ${deployed.prefixes.join(', ')}` : `port ${deployed.port}`}: ` +
          (deployed.port === entry.port
            ? `release it with ${command(`${deploymentFlag}${rootFlag}`)} (a release publishes its prefixes)`
            : `take it out with ${command(`--remove${deploymentFlag}`)}, then add it again with ${command(`--new${deploymentFlag}${rootFlag}`)}`),
        2,
      );
    if (!values['no-build']) {
      // The squad's build reads the squad's list (what its routes.ts reads), never the deployment's,
      // which does not name the remote yet: PORTAL_APPS_JSON and PORTAL_DEPLOY_ROOT stay out of it.
      const env = { ...process.env };
      delete env.PORTAL_APPS_JSON;
      delete env.PORTAL_DEPLOY_ROOT;
      const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--only', dir], { stdio: 'inherit', cwd: root, env });
      if (build.status !== 0) fail(`${dir} was not added: its build failed`);
    }
    if (!existsSync(join(root, dir, 'dist', 'mf-manifest.json'))) fail(`${dir} has no build in ${root}: build it, or drop --no-build`);
    after = { ...before, remotes: [...before.remotes, entry] };
    refuseProblems(appsProblems(after, `the running deployment's list with ${dir} (${join(root, 'apps.json')})`), 'added');
  } else {
    if (!before.remotes.some((remote) => remote.app === dir)) fail(`${dir} is not in the running deployment`, 2);
    after = { ...before, remotes: before.remotes.filter((remote) => remote.app !== dir) };
  }
  const { writeAtomic } = await import('./nginx-config.mjs');
  // The running sandbox serves the remote's own sandbox/handlers.ts from the squad's checkout:
  // where its folder is, recorded before the list names it (sandbox-api/src/remote-handlers.ts).
  const recordedFile = join(paths.deployRoot, 'sandbox-remotes.json');
  let recorded = {};
  try {
    recorded = JSON.parse(readFileSync(recordedFile, 'utf8'));
  } catch {
    // none recorded yet
  }
  const others = Object.fromEntries(
    Object.entries(recorded && typeof recorded === 'object' && !Array.isArray(recorded) ? recorded : {}).filter(([name]) => name !== dir),
  );
  writeAtomic(recordedFile, `${JSON.stringify(values.new ? { ...others, [dir]: resolve(paths.root, dir) } : others, null, 2)}\n`);
  writeAtomic(deploymentList, `${JSON.stringify(after, null, 2)}\n`);
  const args = [new URL(import.meta.url).pathname, ...process.argv.slice(2), '--apply', ...(values.root ? [] : ['--root', paths.root])];
  const applied = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, PORTAL_APPS_JSON: deploymentList } });
  if (applied.status !== 0) writeAtomic(deploymentList, `${JSON.stringify(before, null, 2)}\n`);
  process.exit(applied.status ?? 1);
}

// Phase 2: APPS and REMOTES are the deployment's list after the change (PORTAL_APPS_JSON).
const { APPS, HOST, REMOTES } = await import('./apps.mjs');
const {
  activate,
  appRoot,
  configDir,
  localVariables,
  manifestUrl,
  nginxPrefix,
  publish,
  readRemoteList,
  renderNginx,
  writeAtomic,
  writeRemoteList,
} = await import('./nginx-config.mjs');
const statementCredential = process.env.STATEMENT_BASIC_AUTH ?? 'portal:sandbox-secret';
const signal = (prefix, conf, action) =>
  spawnSync(NGINX, ['-p', `${prefix}/`, '-c', conf, '-e', join(prefix, 'logs', 'error.log'), '-s', action], { encoding: 'utf8' });

/** Every running app's nginx with the deployment's list: origins in the CSP and the proxies' allow-list. */
function reloadAll() {
  for (const app of APPS) {
    if (!existsSync(join(nginxPrefix(app.dir), 'logs', 'nginx.pid'))) continue;
    const { prefix, conf } = renderNginx(app, localVariables(app, statementCredential));
    const reload = signal(prefix, conf, 'reload');
    if (reload.status !== 0) fail(`nginx of ${app.dir} did not reload: ${reload.stderr}`);
  }
}

if (values.new) {
  const remote = REMOTES.find((candidate) => candidate.dir === dir);
  const id = publish(dir, join(paths.root, dir, 'dist'));
  activate(dir, id);
  writeAtomic(join(configDir(dir), 'env.json'), readFileSync(join(configDir(HOST.dir), 'env.json'), 'utf8'));
  // Its first release, with the prefixes it shipped with (release-rules.cjs, historyOf).
  writeAtomic(join(appRoot(dir), 'history.json'), JSON.stringify([{ id, prefixes: remote.prefixes }]));
  // Its own server first (the route must answer before the host lists it)...
  const { prefix, conf } = renderNginx(remote, localVariables(remote, statementCredential));
  const started = spawnSync(NGINX, ['-p', `${prefix}/`, '-c', conf, '-e', join(prefix, 'logs', 'error.log')], { encoding: 'utf8' });
  if (started.status !== 0) fail(`nginx of ${dir} did not start: ${started.stderr}`);
  // ...then every running nginx learns its origin, then the host's list names it.
  reloadAll();
  writeRemoteList([...readRemoteList(), { name: remote.name, manifest: manifestUrl(remote, id), prefixes: remote.prefixes }]);
  console.log(
    `${dir} added to the running deployment: release ${id} on http://localhost:${remote.port}/, in the host's remote list and CSP`,
  );
} else {
  const name = dir.replace(/-/g, '_');
  writeRemoteList(readRemoteList().filter((entry) => entry.name !== name));
  reloadAll();
  const prefix = nginxPrefix(dir);
  if (existsSync(join(prefix, 'logs', 'nginx.pid'))) signal(prefix, join(prefix, 'nginx.conf'), 'quit');
  rmSync(appRoot(dir), { recursive: true, force: true });
  console.log(`${dir} removed from the running deployment (its server stopped, the host's remote list and CSP without it)`);
}
