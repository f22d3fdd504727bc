// Releases one remote, and only it, into a running deployment (npm run start:nginx):
//   node scripts/release-remote.mjs <remote-dir> [--root <checkout>] [--id <release-id>] [--no-build]
//   node scripts/release-remote.mjs <remote-dir> --rollback
// Builds the remote, publishes the build as releases/<id> beside the earlier ones, points the
// remote's own page at it and updates the remote's entry in the host's remote list. The host is
// neither rebuilt nor touched: the next page load of the host picks the new manifest (the list
// and manifests are never cached). --rollback goes back to the release before the current one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES, repoRoot } from './apps.mjs';
import { activate, appRoot, manifestUrl, publish, readRemoteList, writeAtomic, writeRemoteList } from './nginx-config.mjs';

const [dir] = process.argv.slice(2);
const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const remote = REMOTES.find((candidate) => candidate.dir === dir);
if (!remote) {
  console.error(`usage: release-remote.mjs <${REMOTES.map((r) => r.dir).join('|')}> [--root dir] [--id id] [--no-build] | --rollback`);
  process.exit(2);
}
if (!existsSync(join(appRoot(dir), 'current'))) {
  console.error('No deployment found: start one with `npm run start:nginx` first.');
  process.exit(1);
}

const historyFile = join(appRoot(dir), 'history.json');
const history = existsSync(historyFile) ? JSON.parse(readFileSync(historyFile, 'utf8')) : [currentRelease()];

function currentRelease() {
  const entry = readRemoteList().find((item) => item.name === remote.name);
  const match = /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(entry?.manifest ?? '');
  if (!match) throw new Error(`remote list has no release for ${remote.name}`);
  return match[1];
}

function goLive(id) {
  activate(dir, id);
  const list = readRemoteList().map((item) => (item.name === remote.name ? { ...item, manifest: manifestUrl(remote, id) } : item));
  writeRemoteList(list);
}

if (process.argv.includes('--rollback')) {
  if (history.length < 2) {
    console.error('Nothing to roll back to.');
    process.exit(1);
  }
  history.pop();
  const previous = history[history.length - 1];
  goLive(previous);
  writeAtomic(historyFile, JSON.stringify(history));
  console.log(`${dir}: rolled back to ${previous}`);
} else {
  const root = option('--root') ?? repoRoot;
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--only', dir, '--root', root], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const id = publish(dir, join(root, dir, 'dist'), option('--id'));
  goLive(id);
  if (history[history.length - 1] !== id) history.push(id);
  writeAtomic(historyFile, JSON.stringify(history));
  console.log(`${dir}: release ${id} is live (${manifestUrl(remote, id)})`);
}
