// `npm run compose -- <docker compose arguments>` (e.g. `npm run compose -- up --build`): renders
// the remotes' services from apps.json into docker-compose.apps.yml (deploy/compose.cjs) and runs
// `docker compose -f docker-compose.yml -f docker-compose.apps.yml <arguments>`.
// `npm run compose -- --render` only writes the file and prints its path.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { repoRoot } from './apps.mjs';

const require = createRequire(import.meta.url);
const { APPS_FILE, BASE_FILE, appsComposeText } = require('../deploy/compose.cjs');

writeFileSync(APPS_FILE, appsComposeText());
const args = process.argv.slice(2);
if (args.length === 0 || args[0] === '--render') {
  console.log(
    `wrote ${relative(repoRoot, APPS_FILE)}: docker compose -f ${relative(repoRoot, BASE_FILE)} -f ${relative(repoRoot, APPS_FILE)} ...`,
  );
} else {
  const run = spawnSync('docker', ['compose', '-f', BASE_FILE, '-f', APPS_FILE, ...args], { stdio: 'inherit', cwd: repoRoot });
  process.exit(run.status ?? 1);
}
