// A remote no one uses, for the checks that scaffold one: a folder, federation name, port and
// prefix none of apps.json's apps has, never the docs' example (`mfe-rewards`), which a squad
// following the docs adds to apps.json. Random, so two runs (or two checkouts) never share it.
'use strict';

const { randomBytes } = require('node:crypto');
const { APPS, REMOTES, containerName } = require('../build-preset/apps.cjs');
const { RESERVED_PORTS, prefixesOverlap } = require('../build-preset/apps-validate.cjs');

/** @returns {{ dir: string; name: string; port: number; prefix: string }} */
function freshRemote() {
  for (;;) {
    const word = `x${randomBytes(4).toString('hex')}`;
    const dir = `mfe-scaffold-${word}`;
    const prefix = `/scaffold-${word}`;
    if (REMOTES.some((remote) => remote.dir === dir || remote.prefixes.some((owned) => prefixesOverlap(owned, prefix)))) continue;
    let port = Math.max(...APPS.map((app) => app.port)) + 1;
    while (RESERVED_PORTS.has(port) || APPS.some((app) => app.port === port)) port += 1;
    return { dir, name: containerName(dir), port, prefix };
  }
}

module.exports = { freshRemote };
