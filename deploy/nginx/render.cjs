// @ts-check
/**
 * Renders deploy/nginx/ the way the nginx image does at start (envsubst of the *.template files
 * into /etc/nginx/{portal,conf.d}), into any prefix folder: the local nginx runner and the
 * configuration tests use this, so what they run is exactly what the containers run.
 */
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
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
  for (const part of ['portal-common', 'portal-driver-api-checks', 'portal-driver-api-proxy']) {
    writeFileSync(join(prefix, 'portal', `${part}.conf`), readFileSync(join(TEMPLATES, `${part}.conf`)));
  }
  // The driver-data proxy's table, from its one definition (the image's build stage writes the same file).
  writeFileSync(join(prefix, 'portal', 'portal-driver-api-maps.conf'), nginxDriverApiMaps());
  // The canary cohorts' script (portal-cohort.mjs; a canary is a set of links on disk, scripts/release-remote.mjs).
  writeFileSync(join(prefix, 'portal', 'portal-cohort.mjs'), readFileSync(join(TEMPLATES, 'portal-cohort.mjs')));
  // The open calls' script (nginx's JavaScript module; `npm start`'s proxy imports the same file).
  writeFileSync(join(prefix, 'portal', 'portal-open-calls.mjs'), readFileSync(join(TEMPLATES, 'portal-open-calls.mjs')));
  for (const part of ['portal-maps', 'portal-statement', 'portal-driver-api', 'portal-telemetry', 'portal-cohort', 'portal-handoff']) {
    writeFileSync(
      join(prefix, 'portal', `${part}.conf`),
      renderTemplate(readFileSync(join(TEMPLATES, `${part}.conf.template`), 'utf8'), vars),
    );
  }
  // The security headers, from their one definition (the image's build stage writes the same template).
  writeFileSync(join(prefix, 'portal', 'portal-headers.conf'), renderTemplate(nginxHeadersTemplate(), vars));
  writeFileSync(
    join(prefix, 'conf.d', 'default.conf'),
    renderTemplate(readFileSync(join(TEMPLATES, `${role}.conf.template`), 'utf8'), vars),
  );
  writeFileSync(join(prefix, 'nginx.conf'), mainConf);
  return join(prefix, 'nginx.conf');
}

module.exports = { LOAD_MODULES, renderTemplate, renderPrefix };
