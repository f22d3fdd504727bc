// @ts-check
/**
 * Renders deploy/nginx/ the way the nginx image does at start (envsubst of the *.template files
 * into /etc/nginx/{portal,conf.d}), into any prefix folder: the local nginx runner and the
 * configuration tests use this, so what they run is exactly what the containers run.
 */
const { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const { nginxHeadersTemplate } = require('../security-headers.cjs');
const { nginxDriverApiMaps } = require('../driver-api.cjs');

const TEMPLATES = __dirname;

/**
 * The dynamic module the configuration needs (`brotli_static`, portal-common.conf), from Debian's
 * libnginx-mod-http-brotli-static: the image's Debian nginx.conf loads it from modules-enabled/;
 * a main file written for a prefix folder (the local runner, the configuration tests) starts
 * with this line.
 */
const LOAD_MODULES = [
  // njs: the open calls' checks and the canary cohort (deploy/nginx/*.mjs)
  'load_module /usr/lib/nginx/modules/ngx_http_js_module.so;',
  // brotli_static: the build's .br files
  'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;',
].join(' ');

/**
 * envsubst: only ${NAME} placeholders are replaced (nginx's own $variables are left alone). A
 * placeholder without a value is an error here, where the image would silently leave it in.
 * @param {string} text
 * @param {Record<string, string>} vars
 */
function renderTemplate(text, vars) {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name) => {
    if (!(name in vars)) throw new Error(`nginx template needs ${name}`);
    return vars[name] ?? '';
  });
}

/**
 * Writes one rendered file readable by its owner only (0600), whole or not at all: portal/*.conf
 * hold the statement credential (portal-statement.conf) and the cohort secret (portal-maps.conf),
 * and a reload reads whichever files are there. nginx's master process reads the configuration
 * as the user who started it (root or the owner); its workers never read it, so no other user
 * needs to.
 * @param {string} file
 * @param {string | Buffer} content
 */
function writePrivate(file, content) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

/**
 * Writes portal/*.conf and conf.d/default.conf of one app (role host or remote) under `prefix`,
 * plus `nginx.conf`: the image's stock main file is replaced by `mainConf`, which must include
 * conf.d/*.conf inside http {}.
 * @param {string} prefix
 * @param {'host' | 'remote'} role
 * @param {Record<string, string>} vars
 * @param {string} mainConf
 */
function renderPrefix(prefix, role, vars, mainConf) {
  for (const folder of ['portal', 'conf.d', 'logs', 'temp']) mkdirSync(join(prefix, folder), { recursive: true });
  // The folders of the configuration too: no other user lists or reads what the secrets sit beside.
  for (const folder of ['portal', 'conf.d']) chmodSync(join(prefix, folder), 0o700);
  for (const part of ['portal-common', 'portal-driver-api-checks', 'portal-driver-api-proxy', 'portal-log']) {
    writePrivate(join(prefix, 'portal', `${part}.conf`), readFileSync(join(TEMPLATES, `${part}.conf`)));
  }
  // The driver-data proxy's table, from its one definition (the image's build stage writes the same file).
  writePrivate(join(prefix, 'portal', 'portal-driver-api-maps.conf'), nginxDriverApiMaps());
  // The canary cohorts' script (portal-cohort.mjs; a canary is a set of links on disk, scripts/release-remote.mjs).
  writePrivate(join(prefix, 'portal', 'portal-cohort.mjs'), readFileSync(join(TEMPLATES, 'portal-cohort.mjs')));
  // The open calls' script (nginx's JavaScript module; `npm start`'s proxy imports the same file).
  writePrivate(join(prefix, 'portal', 'portal-open-calls.mjs'), readFileSync(join(TEMPLATES, 'portal-open-calls.mjs')));
  for (const part of ['portal-maps', 'portal-statement', 'portal-driver-api', 'portal-telemetry', 'portal-cohort', 'portal-handoff']) {
    writePrivate(
      join(prefix, 'portal', `${part}.conf`),
      renderTemplate(readFileSync(join(TEMPLATES, `${part}.conf.template`), 'utf8'), vars),
    );
  }
  // The security headers, from their one definition (the image's build stage writes the same template).
  writePrivate(join(prefix, 'portal', 'portal-headers.conf'), renderTemplate(nginxHeadersTemplate(), vars));
  writePrivate(
    join(prefix, 'conf.d', 'default.conf'),
    renderTemplate(readFileSync(join(TEMPLATES, `${role}.conf.template`), 'utf8'), vars),
  );
  writePrivate(join(prefix, 'nginx.conf'), mainConf);
  return join(prefix, 'nginx.conf');
}

module.exports = { LOAD_MODULES, renderTemplate, renderPrefix };
