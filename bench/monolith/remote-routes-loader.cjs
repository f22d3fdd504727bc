// Replaces the stub src/remote-routes.ts with one import per remote of apps.json (its src/routes.ts).
const path = require('node:path');
const { repoRoot } = require('@driver-portal/build-preset');
const { REMOTES } = require('@driver-portal/build-preset/apps.cjs');

/** @this {{ addDependency: (file: string) => void }} */
module.exports = function remoteRoutesLoader() {
  this.addDependency(path.join(repoRoot, 'apps.json'));
  const imports = REMOTES.map(
    (remote, index) => `import * as remote${index} from ${JSON.stringify(path.join(repoRoot, remote.dir, 'src', 'routes.ts'))};`,
  );
  const list = REMOTES.map((remote, index) => `{ name: ${JSON.stringify(remote.name)}, module: remote${index} }`);
  return `${imports.join('\n')}\nexport const remoteModules = [${list.join(', ')}];\n`;
};
