import { createRequire } from 'node:module';
import { satisfiesRange } from './semver';

// One range check for the browser and release:remote (issue 39, item 2), held to the installed
// Module Federation runtime's `satisfy` (what the remotes' containers judge with) as the oracle:
// upstream's own table (module-federation/core, packages/runtime-core/__tests__/semver.spec.ts,
// its 107 rows with their expected answers) and a generated table of every version against every
// range below. The host's check and the Node tool's (build-preset/shared-deps.cjs, through
// release:remote's `incompatibleSingletons`) must both give the oracle's answer on every row.

const requireFromPreset = createRequire(require.resolve('@driver-portal/build-preset/package.json'));
const { incompatibleSingletons } = requireFromPreset('./shared-deps.cjs') as {
  incompatibleSingletons: (
    required: Array<{ name: string; singleton: boolean; requiredVersion: string }>,
    provided: Record<string, string>,
  ) => unknown[];
};
const { satisfy: oracle } = createRequire(require.resolve('@driver-portal/build-preset/package.json'))('@module-federation/runtime') as {
  satisfy: (version: string, range: string) => boolean;
};

/** release:remote's answer: a singleton required at `range`, the running host providing `version`. */
const releaseAccepts = (version: string, range: string) =>
  incompatibleSingletons([{ name: 'x', singleton: true, requiredVersion: range }], { x: version }).length === 0;

type Row = [version: string, range: string, expected: boolean];
const rows = (range: string, cases: Array<[string, boolean]>): Row[] => cases.map(([version, expected]) => [version, range, expected]);

const UPSTREAM: Row[] = [
  ...rows('~1.2.3', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.2.4', true],
    ['1.3.0', false],
  ]),
  ...rows('~1.2', [
    ['1.2.0', true],
    ['1.2.4', true],
    ['1.1.9', false],
    ['1.3.0', false],
  ]),
  ...rows('~1', [
    ['1.0.0', true],
    ['0.0.9', false],
    ['1.3.0', true],
    ['2.0.0', false],
  ]),
  ...rows('^1.2.3', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.2.4', true],
    ['2.0.0', false],
  ]),
  ...rows('^0.2.3', [
    ['0.2.3', true],
    ['0.2.2', false],
    ['0.2.5', true],
    ['0.3.0', false],
  ]),
  ...rows('^0.0.1', [
    ['0.0.1', true],
    ['0.0.0', false],
    ['0.0.2', false],
  ]),
  ...rows('^1.2', [
    ['1.2.0', true],
    ['1.3.3', true],
    ['1.1.9', false],
    ['2.0.0', false],
  ]),
  ...rows('^1', [
    ['1.0.0', true],
    ['0.0.9', false],
    ['1.3.0', true],
    ['2.0.0', false],
  ]),
  ...rows('1', [
    ['1.0.0', true],
    ['0.0.9', false],
    ['1.3.0', true],
    ['2.0.0', false],
  ]),
  ...rows('*', [
    ['1.0.0', true],
    ['0.0.9', true],
    ['1.3.0', true],
    ['2.0.0', true],
  ]),
  ...rows('x', [
    ['1.0.0', true],
    ['0.0.9', true],
    ['1.3.0', true],
    ['2.0.0', true],
  ]),
  ...rows('1.x', [
    ['1.0.0', true],
    ['0.0.9', false],
    ['1.3.0', true],
    ['2.0.0', false],
  ]),
  ...rows('1.*', [
    ['1.0.0', true],
    ['0.0.9', false],
    ['1.3.0', true],
    ['2.0.0', false],
  ]),
  ...rows('1.2.3', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.2.4', false],
  ]),
  ...rows('=1.2.3', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.2.4', false],
  ]),
  ...rows('>1.2.3', [
    ['1.2.3', false],
    ['1.2.2', false],
    ['1.2.4', true],
  ]),
  ...rows('<1.2.3', [
    ['1.2.3', false],
    ['1.2.2', true],
    ['1.2.4', false],
  ]),
  ...rows('>=1.2.3', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.2.4', true],
  ]),
  ...rows('<=1.2.3', [
    ['1.2.3', true],
    ['1.2.2', true],
    ['1.2.4', false],
  ]),
  ...rows('1.2.3 - 2.3.4', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.3.3', true],
    ['2.3.4', true],
    ['2.3.5', false],
  ]),
  ...rows('1.2.3 - 2.3', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.3.3', true],
    ['2.3.9', true],
    ['2.4.0', false],
  ]),
  ...rows('1.2.3 - 2', [
    ['1.2.3', true],
    ['1.2.2', false],
    ['1.3.3', true],
    ['2.9.9', true],
    ['3.0.0', false],
  ]),
  ...rows('1.2 - 2.3.0', [
    ['1.2.0', true],
    ['1.1.0', false],
    ['1.2.2', true],
    ['1.3.3', true],
    ['2.3.0', true],
    ['2.4.0', false],
  ]),
  ['1.2.3-prerelease+build', '1.2.3-prerelease+build', true],
  ['1.2.3-prerelease', '1.2.3-prerelease+build', true],
  ...rows('4.0.0-alpha.57', [
    ['4.0.0', false],
    ['4.0.0-alpha.57', true],
    ['4.0.0-alpha.58', false],
    ['4.0.0-alpha.56', false],
  ]),
  ...rows('^4.0.0-alpha.57', [
    ['4.0.0', true],
    ['4.0.0-alpha.58', true],
    ['4.0.0-alpha.56', false],
    ['4.0.0-beta.56', true],
  ]),
  ['4.0.0-alpha.58', '^4.0.0-beta.57', false],
  ['19.0.0-rc-cd22717c-20241013', '^18.2.0 || 19.0.0-rc-cd22717c-20241013', true],
  ['18.5.0', '^18.2.0 || 19.0.0', true],
  ['17.0.0', '^18.2.0 || 19.0.0', false],
  ...rows('~1.2.3 || ~1.3.1', [
    ['1.2.4', true],
    ['1.3.2', true],
    ['1.3.0', false],
  ]),
];

const VERSIONS = [
  '0.0.0',
  '0.0.1',
  '0.0.2',
  '0.1.0',
  '0.2.3',
  '0.2.5',
  '0.3.0',
  '1.0.0',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-0',
  '1.2.0',
  '1.2.2',
  '1.2.3',
  '1.2.3-beta',
  '1.2.4',
  '1.3.0',
  '1.5.0',
  '1.5.0-beta.1',
  '1.5.0-beta.2',
  '1.5.0-alpha.9',
  '2.0.0',
  '2.0.0-rc.1',
  '2.3.4',
  '2.9.0',
  '2.9.2',
  '2.9.3',
  '2.10.0',
  '3.0.0',
  '10.1.0',
  '19.3.1',
  '19.0.0-rc-cd22717c-20241013',
  'v1.2.3',
  '=1.2.3',
  '1.2',
  '1',
  'x',
  '*',
  '',
  'garbage',
  '01.2.3',
  '1.2.3+build.5',
];
const RANGES = [
  '',
  ' ',
  '*',
  'x',
  'X',
  '1',
  '1.2',
  '1.x',
  '1.2.x',
  '1.X.x',
  '1.*',
  '^1',
  '^1.2',
  '^1.2.3',
  '^0.2.3',
  '^0.0.1',
  '^0.0',
  '^0.x',
  '^1.5.0-beta.1',
  '^1.2.3-beta',
  '~1',
  '~1.2',
  '~1.2.3',
  '~>1.2.3',
  '~1.5.0-beta.1',
  '~ 1.2.3',
  '^ 1.2.3',
  '>1.2.3',
  '>=1.2.3',
  '<1.2.3',
  '<=1.2.3',
  '=1.2.3',
  '1.2.3',
  '> 1.2.3',
  '>= 1.2.3 < 2',
  '>1',
  '>1.2',
  '<=1',
  '<=1.2',
  '>=1.x',
  '<1.x',
  '>x',
  '<x',
  '>=*',
  '>=0.0.0',
  '1.2.3 - 2.3.4',
  '1.2 - 2',
  '1 - 2.3',
  '* - 2',
  '1.2.3 - *',
  '1.2.3 - 2.3.4-beta',
  '>=1.2 <2 || 3.x',
  '^18.2.0 || 19.0.0',
  '~1.2.3 || ~1.3.1',
  '|| 1.2.3',
  '1.2.3 ||',
  '~2.9.0',
  'max >= 1',
  'garbage >= 1',
  '>=  1.2.3 <  2',
  '>= v1.2.3',
  '<= x',
  '=  1.2',
  '>=1.2.3beta',
  '^19.0.0',
  '^19.3.1',
  '>=19.0.0-0',
  '<2.0.0-0',
  'v1.2.3',
  'garbage',
  '1.2.3-prerelease+build',
  '^1.0.0-0',
];
const GENERATED: Array<[string, string]> = VERSIONS.flatMap((version) => RANGES.map((range): [string, string] => [version, range]));

describe('one range check, with Module Federation 2’s semantics', () => {
  it(`upstream's table: ${UPSTREAM.length} rows, as upstream expects them`, () => {
    expect(UPSTREAM.length).toBeGreaterThanOrEqual(91);
    const answers = UPSTREAM.map(([version, range]) => [
      version,
      range,
      oracle(version, range),
      satisfiesRange(version, range),
      releaseAccepts(version, range),
    ]);
    expect(answers).toEqual(UPSTREAM.map(([version, range, expected]) => [version, range, expected, expected, expected]));
  });

  it(`a generated table: ${GENERATED.length} rows, the host and release:remote answering as the installed runtime`, () => {
    const disagreements = GENERATED.filter(([version, range]) => {
      const expected = oracle(version, range);
      // release:remote checks only a non-empty required range against a version the host provides.
      return satisfiesRange(version, range) !== expected || (range !== '' && version !== '' && releaseAccepts(version, range) !== expected);
    });
    expect(disagreements).toEqual([]);
    // The table is no tautology: it holds both answers, and the rows where npm and compare-versions differ.
    const answers = GENERATED.map(([version, range]) => oracle(version, range));
    expect(answers.filter(Boolean).length).toBeGreaterThan(300);
    expect(answers.filter((answer) => !answer).length).toBeGreaterThan(1000);
  });

  it('what drivers and squads met: a pre-release range and `*` (issue 39)', () => {
    // A singleton required at ^1.5.0-beta.1 with the host on 1.5.0: the container accepts it, so the browser and release:remote do.
    expect([satisfiesRange('1.5.0', '^1.5.0-beta.1'), releaseAccepts('1.5.0', '^1.5.0-beta.1')]).toEqual([true, true]);
    expect([satisfiesRange('19.3.1', '*'), releaseAccepts('19.3.1', '*')]).toEqual([true, true]);
    // Refused on both sides alike.
    expect([satisfiesRange('2.0.0', '^1.5.0-beta.1'), releaseAccepts('2.0.0', '^1.5.0-beta.1')]).toEqual([false, false]);
    expect(satisfiesRange('garbage', '^1.0.0')).toBe(false);
  });
});
