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
 * Plain ES2020 CommonJS, no dependency: the browser floor runs it as it is. Written for its size
 * (it is on every deep link into a remote, in the host's federation chunk): upstream's caret,
 * tilde and x-range passes are one pass over each word, and a comparator is compared by the one
 * order upstream's operators all derive from; the answers are upstream's on every row of the tests.
 */

/** The versions of @module-federation/enhanced whose containers the host's runtime speaks with (FEDERATION_PROTOCOL). */
const FEDERATION_PROTOCOL = '~2.9.0';

const N = '0|[1-9]\\d*';
const ID = `(?:${N}|\\d*[a-zA-Z-][a-zA-Z0-9-]*)`;
const TAIL = `(?:-(${ID}(?:\\.${ID})*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?`;
const X = `(${N}|x|X|\\*)`;
const PLAIN = `[v=\\s]*${X}(?:\\.${X}(?:\\.${X}${TAIL})?)?`;
const HYPHEN = new RegExp(`^\\s*(${PLAIN})\\s+-\\s+(${PLAIN})\\s*$`);
const WORD = new RegExp(`^(\\^|~>?|[<>]?=?)\\s*${PLAIN}$`);
const COMPARATOR = new RegExp(`^([<>]?=?)\\s*v?(${N})\\.(${N})\\.(${N})${TAIL}$`);

/** @param {string | undefined} part */
const isX = (part) => !part || 'xX*'.includes(part);

/**
 * One word of a range as plain comparators: `^1.2` as `>=1.2.0 <2.0.0-0`, `~1` as
 * `>=1.0.0 <2.0.0-0`, `1.x`, `>1.2`, `<=1` as their bounds (upstream's carets, tildes and x-ranges).
 * A partial version with no operator (or `=`) is its tilde (`1.2` is `~1.2`, `1` is `~1`, as
 * upstream's x-ranges write them), and an x major is any version (`''`: upstream's `*`, which
 * the later pass drops), or none with `>` and `<`.
 * @type {(match: string, op: string, major: any, minor: any, patch: any, pre?: string) => string}
 * any: the parts become numbers on the way, as upstream's
 */
function word(match, op, major, minor, patch, pre) {
  const xMinor = isX(major) || isX(minor);
  const xPatch = xMinor || isX(patch);
  if (op == '=') op = '';
  if (isX(major)) return op == '>' || op == '<' ? '<0.0.0-0' : '';
  if (op[0] == '^' || op[0] == '~' || (!op && xPatch)) {
    if (xMinor) return `>=${major}.0.0 <${+major + 1}.0.0-0`;
    const low = `>=${major}.${minor}.${xPatch ? 0 : patch}${!xPatch && pre ? `-${pre}` : ''}`;
    const high =
      op != '^' || major == '0'
        ? op == '^' && !xPatch && minor == '0'
          ? `<0.0.${+patch + 1}`
          : `<${major}.${+minor + 1}.0`
        : `<${+major + 1}.0.0`;
    return `${low} ${high}-0`;
  }
  if (op && xPatch) {
    if (xMinor) minor = 0;
    if (op == '>' || op == '<=') {
      op = op == '>' ? '>=' : '<';
      if (xMinor) major = +major + 1;
      else minor = +minor + 1;
    }
    return `${op}${major}.${minor}.0${op == '<' ? '-0' : ''}`;
  }
  return match;
}

/**
 * `1.2 - 2` as `>=1.2.0 <3.0.0-0`: its ends as the words `>=1.2` and `<=2` (an end that is `*`
 * becomes nothing, as upstream leaves it out); an upper end with a
 * pre-release loses its `v` and build, as upstream's does.
 * @type {(...groups: string[]) => string}
 */
const hyphen = (_match, from, fromMajor, fromMinor, fromPatch, _fromPre, to, toMajor, toMinor, toPatch, toPre) =>
  `${word(`>=${from}`, '>=', fromMajor, fromMinor, fromPatch)} ${toPre && !isX(toPatch) ? `<=${toMajor}.${toMinor}.${toPatch}-${toPre}` : word(`<=${to}`, '<=', toMajor, toMinor, toPatch)}`;

/** @typedef {[operator: string, major: string, minor: string, patch: string, pre: string[] | undefined]} Atom */
/** @param {string} text @returns {Atom | undefined} */
function atom(text) {
  const found = COMPARATOR.exec(text);
  // The operator's group always takes part (empty at least), as do the three numbers.
  return found ? /** @type {Atom} */ ([...found.slice(1, 5), found[5]?.split('.')]) : undefined;
}

/** Numbers as numbers, other identifiers as strings (upstream's `Number(x) || x`, "0" included). @param {any} a @param {any} b */
function compareIds(a, b) {
  a = Number(a) || a;
  b = Number(b) || b;
  return a > b ? 1 : a === b ? 0 : -1;
}

/** Positive when the range's version is above the version, as upstream's compareVersion. @param {Atom} range @param {Atom} version */
function order(range, version) {
  for (let index = 1; index < 4; index += 1) {
    const result = compareIds(range[index], version[index]);
    if (result) return result;
  }
  const [a, b] = [range[4], version[4]];
  if (!a) return b ? 1 : 0;
  if (!b) return -1;
  for (let index = 0; index <= a.length; index += 1) {
    if (a[index] !== b[index]) return !a[index] ? 1 : !b[index] ? -1 : compareIds(a[index], b[index]);
  }
  return 0;
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
    // An empty alternative, `*` and `x` come out of the passes empty: any version (upstream's early returns).
    const part = alternative
      .trim()
      .replace(HYPHEN, hyphen)
      .replace(/(\s*)((?:<|>)?=?)\s*([v=\s]*[\dxX*])/, '$1$2$3')
      .replace(/~>?\s+/, '~')
      .replace(/\^\s+/, '^')
      .split(/\s+/)
      .map((text) =>
        text
          .replace(WORD, word)
          .trim()
          .replace(/(<|>)?=?\s*\*/, ''),
      )
      .join(' ');
    if (!part.trim()) return true;
    const comparators = part.split(/\s+/).filter((comparator) => comparator && !/^>=0.0.0$/.test(comparator));
    if (
      comparators.length &&
      comparators.every((comparator) => {
        const bound = atom(comparator);
        if (!bound) return false;
        const result = order(bound, found);
        const operator = bound[0];
        return result ? (result < 0 ? operator[0] == '>' : operator[0] == '<') : operator != '<' && operator != '>';
      })
    )
      return true;
  }
  return false;
}

module.exports = { satisfy, FEDERATION_PROTOCOL };
