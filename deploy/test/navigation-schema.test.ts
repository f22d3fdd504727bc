import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import { navigationTiles } from '../../build-preset/navigation.cjs';
import { navigationEntryProblem, SECTION_ORDER_MAX, SECTION_TITLE_MAX } from '@driver-portal/shared/links';

// A remote's src/navigation.json names shared/src/links/navigation.schema.json, so an editor
// checks a tile as the squad types it. The schema must say what the host's judge of a tile says
// (navigationEntryProblem): a tile an editor accepts is shown, one it flags is dropped.
const ROOT = join(__dirname, '..', '..');
const SCHEMA_FILE = 'shared/src/links/navigation.schema.json';
const schema = JSON.parse(readFileSync(join(ROOT, SCHEMA_FILE), 'utf8')) as Record<string, unknown>;
const validate = new Ajv({ allErrors: true }).compile(schema);
const accepts = (tile: unknown) => validate({ tiles: [tile] });

const tile = { label: 'Recompensas', path: '/rewards/home', group: 'Recompensas', needsDriverId: false };
const withId = { ...tile, path: '/rewards/:driverId', needsDriverId: true };
const probes: unknown[] = [
  tile,
  withId,
  { ...tile, groupOrder: 0 },
  { ...tile, groupOrder: SECTION_ORDER_MAX },
  { ...tile, groupOrder: SECTION_ORDER_MAX + 1 },
  { ...tile, groupOrder: -1 },
  { ...tile, groupOrder: 1.5 },
  { ...tile, groupOrder: '10' },
  { ...tile, label: '' },
  { ...tile, label: '   ' },
  { ...tile, label: 7 },
  { ...tile, group: 'x'.repeat(SECTION_TITLE_MAX) },
  { ...tile, group: 'x'.repeat(SECTION_TITLE_MAX + 1) },
  { ...tile, group: ' ' },
  { ...tile, path: 'rewards/home' },
  { ...tile, path: '//evil.example/x' },
  { ...tile, path: '/' },
  { ...tile, path: '/rewards/:driverId' },
  { ...withId, path: '/rewards/home' },
  { ...withId, path: '/rewards/:driverIdx' },
  { ...withId, path: '/rewards/:driverId/:other' },
  { ...tile, path: '/rewards/:other' },
  { ...tile, path: '/rewards/a:b' },
  { ...tile, needsDriverId: 'no' },
  { ...tile, extra: 'kept by both' },
  { label: 'Sem caminho', group: 'Recompensas', needsDriverId: false },
  null,
  [],
  'tile',
];

describe("a remote's navigation.json schema", () => {
  it('agrees with the host on every probe (accepted and refused)', () => {
    // Each probe once by both judges; the probes hold both answers, so the check can fail.
    const verdicts = probes.map((probe) => ({ probe, schema: accepts(probe), host: navigationEntryProblem(probe) === undefined }));
    expect(verdicts.filter(({ schema, host }) => schema !== host)).toEqual([]);
    expect(verdicts.filter(({ host }) => host).length).toBeGreaterThan(3);
    expect(verdicts.filter(({ host }) => !host).length).toBeGreaterThan(10);
  });

  it('holds a source together: an object with its $schema and its tiles, nothing else', () => {
    expect(validate({ $schema: 'x', tiles: [tile] })).toBe(true);
    expect(validate([tile])).toBe(false);
    expect(validate({ tiles: [tile], tile: {} })).toBe(false);
    expect(() => navigationTiles([tile], 'navigation.json')).toThrow('must be an object');
    expect(() => navigationTiles({ tiles: 'x' }, 'navigation.json')).toThrow('"tiles" must be the list');
    expect(navigationTiles({ $schema: 'x', tiles: [tile] }, 'navigation.json')).toEqual([tile]);
  });

  it.each(REMOTES.map((remote) => [remote.dir]))('%s names the schema and passes it', (dir) => {
    const source = JSON.parse(readFileSync(join(ROOT, dir, 'src', 'navigation.json'), 'utf8')) as { $schema?: string };
    expect(source.$schema).toBe(`../../${SCHEMA_FILE}`);
    expect(validate(source) ? [] : validate.errors).toEqual([]);
  });
});
