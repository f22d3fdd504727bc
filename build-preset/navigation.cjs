// A remote's home tiles as its squad writes them: `src/navigation.json`, an object naming its
// schema (shared/src/links/navigation.schema.json, so editors check it) and holding `tiles`.
// What the build deploys beside mf-manifest.json is the list alone (`navigation.json`), the shape
// every host reads, older ones included; the host judges each tile (shared/src/links).
'use strict';

const fs = require('node:fs');

/**
 * The tiles of a navigation source, or an error naming the file and what is wrong with its shape
 * (each tile is judged by the remote's navigation.test.ts and by the host).
 * @param {unknown} source the parsed file
 * @param {string} file its path, for the message
 * @returns {unknown[]}
 */
function navigationTiles(source, file) {
  if (!source || typeof source !== 'object' || Array.isArray(source)) {
    throw new Error(`${file} must be an object: { "$schema": "<path to shared/src/links/navigation.schema.json>", "tiles": [...] }`);
  }
  const { tiles } = /** @type {{ tiles?: unknown }} */ (source);
  if (!Array.isArray(tiles)) throw new Error(`${file}: "tiles" must be the list of the remote's home tiles`);
  return tiles;
}

/**
 * Reads a remote's navigation source and returns its tiles (the deployed navigation.json).
 * @param {string} file
 * @returns {unknown[]}
 */
function readNavigationTiles(file) {
  return navigationTiles(JSON.parse(fs.readFileSync(file, 'utf8')), file);
}

module.exports = { navigationTiles, readNavigationTiles };
