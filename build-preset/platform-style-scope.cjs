// @ts-check
/**
 * The platform's stateless styles (shared/src: ui, forms, html...) are bundled into every app, and
 * CSS is global once loaded: at the host, a newer remote's copy of `.page-title` used to restyle
 * an older remote's screens on the same page (docs/releasing.md, "Styles across
 * versions"). Each app's copy is therefore scoped to the screens rendered by the same copy of the
 * components:
 *
 * - the scope is a hash of the platform's scoped CSS as this app builds it (a squad that edits a
 *   platform rule without changing the library's version still gets a scope of its own; apps
 *   built from the same tree share one);
 * - the platform's `Page` (and any root that spreads `platformStyleScope` from
 *   @driver-portal/shared/ui) carries it as `data-platform-style`;
 * - every rule of the copy gets, on the element it styles, "not in or under a root of another
 *   scope": `:not(:where([data-platform-style]:not([data-platform-style=S]), [data-platform-style]:not([data-platform-style=S]) *))`.
 *   `:where` keeps each rule's specificity as written, so the apps' own overrides still win as
 *   before. Elements under no root (a page's loading markup before any script) keep every copy.
 *
 * Needs `:where()` and complex selectors in `:not()`: Chrome and Android WebView 88, Safari 14,
 * Firefox 84 (build-preset's targets). No `@scope`: Safari before 17.4 would drop every rule.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ATTRIBUTE = 'data-platform-style';

/** The platform's stylesheets that are scoped: its stateless parts, not the shell (a singleton, one copy per page) nor the page-wide base. */
const UNSCOPED_FOLDERS = new Set(['shell', 'styles']);

/**
 * Whether a stylesheet is one of the platform's scoped ones, wherever that platform library lives
 * (the repository's, or a copy a release is built from).
 * @param {string} file absolute path
 */
function isScopedPlatformStyle(file) {
  const match = /[\\/]shared[\\/]src[\\/]([^\\/]+)[\\/][^\\/]+\.css$/.exec(file);
  return Boolean(match && !UNSCOPED_FOLDERS.has(match[1] ?? ''));
}

/** @param {string} dir @returns {string[]} */
function cssFilesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return cssFilesUnder(file);
      return entry.name.endsWith('.css') ? [file] : [];
    })
    .sort();
}

/**
 * The scope of the platform's styles an app builds with: `p` and 8 hex digits of the hash of
 * every scoped stylesheet (names and contents) of the platform library the app resolves.
 * @param {string} appDir
 */
function platformStyleScope(appDir) {
  const packageFile = require.resolve('@driver-portal/shared/package.json', { paths: [appDir] });
  const sourceDir = path.join(path.dirname(fs.realpathSync(packageFile)), 'src');
  const hash = crypto.createHash('sha256');
  for (const file of cssFilesUnder(sourceDir).filter(isScopedPlatformStyle)) {
    hash.update(path.relative(sourceDir, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return `p${hash.digest('hex').slice(0, 8)}`;
}

/**
 * Where a string or a comment that starts at `index` ends (its last character), else `index`:
 * nothing inside one is a bracket, a brace or a stop.
 * @param {string} css @param {number} index
 */
function pastLiteral(css, index) {
  const char = css[index];
  if (char === '"' || char === "'") {
    let end = index + 1;
    while (end < css.length && css[end] !== char) end += css[end] === '\\' ? 2 : 1;
    return end;
  }
  if (char === '/' && css[index + 1] === '*') {
    const end = css.indexOf('*/', index + 2);
    return end < 0 ? css.length : end + 1;
  }
  return index;
}

/**
 * The index just past the end of what starts at `start` and runs until one of `stops` at depth 0
 * (outside strings, comments, brackets and parentheses); `css.length` if none.
 * @param {string} css @param {number} start @param {string} stops
 */
function scanTo(css, start, stops) {
  let depth = 0;
  for (let index = start; index < css.length; index += 1) {
    const char = css[index] ?? '';
    const skipped = pastLiteral(css, index);
    if (skipped !== index) index = skipped;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0 && stops.includes(char)) return index;
  }
  return css.length;
}

/** The index of the `}` that closes the block whose `{` is at `open`. @param {string} css @param {number} open */
function blockEnd(css, open) {
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    const char = css[index];
    const skipped = pastLiteral(css, index);
    if (skipped !== index) index = skipped;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return index;
  }
  throw new Error('platform-style-scope: a block is not closed');
}

/** Splits a selector list at its top-level commas. @param {string} list */
function splitSelectors(list) {
  /** @type {string[]} */
  const parts = [];
  let start = 0;
  for (;;) {
    const end = scanTo(list, start, ',');
    parts.push(list.slice(start, end).trim());
    if (end >= list.length) return parts.filter(Boolean);
    start = end + 1;
  }
}

/**
 * One selector, scoped: the condition goes on the element it styles (its last compound), before a
 * pseudo-element, which is no element of its own.
 * @param {string} selector @param {string} condition
 */
function scopeSelector(selector, condition) {
  let pseudoElement = selector.length;
  for (let index = 0; index < selector.length; index = scanTo(selector, index + 1, ':')) {
    if (selector[index] !== ':') continue;
    if (selector[index + 1] === ':' || /^:(before|after|first-line|first-letter)$/i.test(selector.slice(index))) {
      pseudoElement = index;
      break;
    }
  }
  return `${selector.slice(0, pseudoElement)}${condition}${selector.slice(pseudoElement)}`;
}

/** The at-rules whose blocks hold rules (scoped like the top level); any other block is copied as it is. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container)\b/i;

/**
 * A stylesheet of the platform with every rule limited to `scope` (see the top of this file), and
 * its `@keyframes` renamed per scope (their names are global too).
 * @param {string} css @param {string} scope
 */
function scopePlatformCss(css, scope) {
  if (!/^[a-z][a-z0-9-]*$/i.test(scope)) throw new Error(`platform-style-scope: ${scope} is not a CSS identifier`);
  const other = `[${ATTRIBUTE}]:not([${ATTRIBUTE}=${scope}])`;
  const condition = `:not(:where(${other}, ${other} *))`;
  /** @type {Map<string, string>} */
  const keyframes = new Map();

  /** @param {string} text */
  function walk(text) {
    let out = '';
    let index = 0;
    while (index < text.length) {
      const end = scanTo(text, index, '{;}');
      const prelude = text.slice(index, end);
      const trimmed = prelude.trim();
      if (end >= text.length || text[end] !== '{') {
        // A statement (@import, @charset) or trailing space/comments.
        out += text.slice(index, Math.min(end + 1, text.length));
        index = end + 1;
        continue;
      }
      const close = blockEnd(text, end);
      const body = text.slice(end + 1, close);
      const leading = prelude.slice(0, prelude.length - prelude.trimStart().length);
      const bare = trimmed.replace(/\/\*[\s\S]*?\*\//g, '').trim();
      if (bare.startsWith('@')) {
        const name = /^@(-webkit-)?keyframes\s+([\w-]+)/i.exec(bare)?.[2];
        if (name) {
          const scoped = `${name}-${scope}`;
          keyframes.set(name, scoped);
          out += `${leading}${bare.replace(name, scoped)} {${body}}`;
        } else if (GROUPING_AT_RULES.test(bare)) out += `${leading}${bare} {${walk(body)}}`;
        else out += `${leading}${bare} {${body}}`;
      } else {
        const selectors = splitSelectors(bare).map((selector) => scopeSelector(selector, condition));
        out += `${leading}${selectors.join(',\n')} {${body}}`;
      }
      index = close + 1;
    }
    return out;
  }

  const scoped = walk(css);
  if (keyframes.size === 0) return scoped;
  // Animations of this sheet name its keyframes by their scoped names.
  return scoped.replace(/(animation(?:-name)?\s*:)([^;}]*)/gi, (_match, property, value) => {
    const renamed = String(value).replace(/[\w-]+/g, (word) => keyframes.get(word) ?? word);
    return `${property}${renamed}`;
  });
}

/**
 * The loader: the platform's stylesheets scoped for the app being built (`scope` option).
 * @this {{ getOptions(): { scope: string }, resourcePath: string }}
 * @param {string} source
 */
function platformStyleScopeLoader(source) {
  const { scope } = this.getOptions();
  return isScopedPlatformStyle(this.resourcePath) ? scopePlatformCss(source, scope) : source;
}

module.exports = platformStyleScopeLoader;
module.exports.ATTRIBUTE = ATTRIBUTE;
module.exports.platformStyleScope = platformStyleScope;
module.exports.scopePlatformCss = scopePlatformCss;
module.exports.isScopedPlatformStyle = isScopedPlatformStyle;
