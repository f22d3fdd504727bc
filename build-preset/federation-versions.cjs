// @ts-check
'use strict';

/**
 * The version rules of the portal's federation, in one module that both sides load: the host's
 * federation runtime in the browser (host/src/federation/semver.ts, bundled into its federation
 * chunk only) and release:remote in Node (build-preset/shared-deps.cjs). One implementation, so a
 * build release:remote accepts is a build the drivers' hosts accept, and the other way round.
 *
 * `satisfy` is Module Federation 2's own range check (runtime-core's `satisfy`, the version the
 * remotes' plugin ships), ported rule for rule with its quirks, because the remotes' containers
 * judge with it too: `*`, `x`, partial (`1`, `1.2`, `1.x`) and hyphen ranges (`1.2 - 2.3`), `||`,
 * and pre-releases compared by their identifiers (`^1.5.0-beta.1` accepts 1.5.0 and 1.5.0-beta.2;
 * unlike npm, a pre-release outside the range's own major.minor.patch is not excluded). A version
 * or range that does not parse is no match. host/src/federation/semver.test.ts holds it equal to
 * the installed runtime's on upstream's table and a generated one.
 *
 * Plain ES2020 CommonJS, no dependency: the browser floor runs it as it is.
 */

/** The versions of @module-federation/enhanced whose containers the host's runtime speaks with (FEDERATION_PROTOCOL). */
const FEDERATION_PROTOCOL = '~2.9.0';

const NUM = '0|[1-9]\\d*';
const PRE_ID = `(?:${NUM}|\\d*[a-zA-Z-][a-zA-Z0-9-]*)`;
const PRE = `(?:-(${PRE_ID}(?:\\.${PRE_ID})*))`;
const BUILD = '(?:\\+([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))';
const XID = `${NUM}|x|X|\\*`;
const X_PLAIN = `[v=\\s]*(${XID})(?:\\.(${XID})(?:\\.(${XID})(?:${PRE})?${BUILD}?)?)?`;
const GTLT = '((?:<|>)?=?)';
// Not global, as upstream's: each replaces its first match only.
const HYPHEN = new RegExp(`^\\s*(${X_PLAIN})\\s+-\\s+(${X_PLAIN})\\s*$`);
// Upstream's `(\s*)${gtlt}\s*(${loosePlain}|${xRangePlain})`: both versions begin with what
// follows (`[v=\s]*` and a digit, x or *), and the rest of the match is kept as it is, so the
// first match and its groups are the same.
const COMPARATOR_TRIM = /(\s*)((?:<|>)?=?)\s*([v=\s]*[\dxX*])/;
const CARET = new RegExp(`^\\^${X_PLAIN}$`);
const TILDE = new RegExp(`^~>?${X_PLAIN}$`);
const X_RANGE = new RegExp(`^${GTLT}\\s*${X_PLAIN}$`);
const COMPARATOR = new RegExp(`^${GTLT}\\s*(v?(${NUM})\\.(${NUM})\\.(${NUM})${PRE}?${BUILD}?)$|^$`);

/** @param {string | undefined} part */
const isX = (part) => !part || part.toLowerCase() === 'x' || part === '*';

/** `^` (caret) or `~` (tilde) as the comparators `>=low <high-0`. @param {boolean} caret */
const bounds =
  (caret) =>
  /** @type {(match: string, major: string, minor: string, patch: string, pre: string) => string} */
  (_match, major, minor, patch, pre) => {
    if (isX(major)) return '';
    if (isX(minor)) return `>=${major}.0.0 <${+major + 1}.0.0-0`;
    const noPatch = isX(patch);
    const low = `>=${major}.${minor}.${noPatch ? 0 : patch}${!noPatch && pre ? `-${pre}` : ''}`;
    const high =
      !caret || major === '0'
        ? caret && !noPatch && minor === '0'
          ? `<0.0.${+patch + 1}`
          : `<${major}.${+minor + 1}.0`
        : `<${+major + 1}.0.0`;
    return `${low} ${high}-0`;
  };

/** @param {string} range @param {RegExp} pattern @param {(...args: string[]) => string} by */
const eachWord = (range, pattern, by) =>
  range
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(pattern, by))
    .join(' ');

/**
 * `1.x`, `>1.2`, `<=1`: as plain comparators. Its parts become numbers on the way, as upstream's.
 * @type {(...groups: any[]) => string} any: a replace callback's groups, strings then numbers
 */
function xRange(match, gtlt, major, minor, patch) {
  const xMajor = isX(major);
  const xMinor = xMajor || isX(minor);
  const xPatch = xMinor || isX(patch);
  if (gtlt === '=' && xPatch) gtlt = '';
  if (xMajor) return gtlt === '>' || gtlt === '<' ? '<0.0.0-0' : '*';
  if (gtlt && xPatch) {
    if (xMinor) minor = 0;
    patch = 0;
    if (gtlt === '>') {
      gtlt = '>=';
      if (xMinor) major = +major + 1;
      else minor = +minor + 1;
    } else if (gtlt === '<=') {
      gtlt = '<';
      if (xMinor) major = +major + 1;
      else minor = +minor + 1;
    }
    return `${gtlt}${major}.${minor}.${patch}${gtlt === '<' ? '-0' : ''}`;
  }
  if (xMinor) return `>=${major}.0.0 <${+major + 1}.0.0-0`;
  if (xPatch) return `>=${major}.${minor}.0 <${major}.${+minor + 1}.0-0`;
  return match;
}

/** @param {string} range */
function parseHyphen(range) {
  return range.replace(
    HYPHEN,
    /** @type {(...groups: string[]) => string} */
    (_match, from, fromMajor, fromMinor, fromPatch, _fromPre, _fromBuild, to, toMajor, toMinor, toPatch, toPre) => {
      const low = isX(fromMajor)
        ? ''
        : isX(fromMinor)
          ? `>=${fromMajor}.0.0`
          : isX(fromPatch)
            ? `>=${fromMajor}.${fromMinor}.0`
            : `>=${from}`;
      const high = isX(toMajor)
        ? ''
        : isX(toMinor)
          ? `<${+toMajor + 1}.0.0-0`
          : isX(toPatch)
            ? `<${toMajor}.${+toMinor + 1}.0-0`
            : toPre
              ? `<=${toMajor}.${toMinor}.${toPatch}-${toPre}`
              : `<=${to}`;
      return `${low} ${high}`.trim();
    },
  );
}

/**
 * @typedef {{ operator: string | undefined, version: string, parts: string[], pre: string[] | undefined }} Atom
 * @param {string} text
 * @returns {Atom | undefined}
 */
function atom(text) {
  const found = COMPARATOR.exec(text);
  if (!found) return undefined;
  const [, operator, , major = '', minor = '', patch = '', pre] = found;
  return { operator, version: `${major}.${minor}.${patch}${pre ? `-${pre}` : ''}`, parts: [major, minor, patch], pre: pre?.split('.') };
}

/** Numbers as numbers, other identifiers as strings (upstream's `Number(x) || x`, "0" included). @param {any} a @param {any} b */
function compareIds(a, b) {
  a = Number(a) || a;
  b = Number(b) || b;
  return a > b ? 1 : a === b ? 0 : -1;
}

/** Positive when the range's version is above the version, as upstream's compareVersion. @param {Atom} range @param {Atom} version */
function compareAtoms(range, version) {
  for (let index = 0; index < 3; index += 1) {
    const order = compareIds(range.parts[index], version.parts[index]);
    if (order) return order;
  }
  const [a, b] = [range.pre, version.pre];
  if (!a) return b ? 1 : 0;
  if (!b) return -1;
  for (let index = 0; index <= a.length; index += 1) {
    if (a[index] === b[index]) continue;
    if (!a[index]) return 1;
    if (!b[index]) return -1;
    return compareIds(a[index], b[index]);
  }
  return 0;
}

/** @param {Atom} range @param {Atom} version */
function compare(range, version) {
  const { operator } = range;
  if (operator === undefined) return true;
  const equal = range.version === version.version;
  if (!operator || operator === '=') return equal;
  const order = compareAtoms(range, version);
  if (operator === '>') return order < 0;
  if (operator === '<') return order > 0;
  if (operator === '>=') return equal || order < 0;
  if (operator === '<=') return equal || order > 0;
  return false;
}

/**
 * Whether `version` is in `range`, exactly as Module Federation 2's runtime says it.
 * @param {string} version
 * @param {string} range
 * @returns {boolean}
 */
function satisfy(version, range) {
  const found = version ? atom(version) : undefined;
  if (!found) return false;
  for (const alternative of range.split('||')) {
    let part = alternative.trim();
    if (!part || part === '*' || part === 'x') return true;
    part = parseHyphen(part)
      .replace(COMPARATOR_TRIM, '$1$2$3')
      .replace(/(\s*)~>?\s+/, '$1~')
      .replace(/(\s*)\^\s+/, '$1^');
    part = part.split(/\s+/).join(' ');
    if (!part.trim()) return true;
    part = part
      .split(' ')
      .map((word) =>
        eachWord(eachWord(eachWord(word, CARET, bounds(true)), TILDE, bounds(false)), X_RANGE, xRange)
          .trim()
          .replace(/(<|>)?=?\s*\*/, ''),
      )
      .join(' ');
    if (!part.trim()) return true;
    const comparators = part
      .split(/\s+/)
      .map((comparator) => comparator.trim().replace(/^\s*>=\s*0.0.0\s*$/, ''))
      .filter(Boolean);
    if (comparators.length === 0) continue;
    if (
      comparators.every((comparator) => {
        const bound = atom(comparator);
        return bound !== undefined && compare(bound, found);
      })
    )
      return true;
  }
  return false;
}

module.exports = { satisfy, FEDERATION_PROTOCOL };
