import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { failureTails, only, PLAN, runPlan, stepsOf, table, Tail, type Outcome, type Phase, type Step } from '../../scripts/test.mjs';

// Issue 46: `npm test` runs each check once and ends with a table of its steps and their times,
// on a failure too (the failing step marked, the rest "not run").
const step = (name: string): Step => ({ name, run: `run ${name}`, what: name });

describe('npm test (scripts/test.mjs)', () => {
  it('is what package.json and CI run, the machine check first', () => {
    const scripts = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.test).toBe('node scripts/test.mjs');
    expect(stepsOf(PLAN)[0]?.name).toBe('machine');
    // Every check of the suite, each once.
    const names = stepsOf(PLAN).map((each) => each.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'unit',
        'typecheck',
        'lint',
        'scaffold',
        'build',
        'floor:syntax',
        'e2e:node',
        'e2e:nginx',
        'engines',
        'compose',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(stepsOf(PLAN).map((each) => each.run)).size).toBe(names.length);
  });

  it('builds before any browser pass, and runs the browser passes (one set of ports) one after the other', () => {
    const where = (name: string) => {
      const phase = PLAN.findIndex((lanes) => lanes.flat().some((each) => each.name === name));
      const lane = PLAN[phase]?.find((steps) => steps.some((each) => each.name === name)) ?? [];
      return { phase, lane: lane.map((each) => each.name) };
    };
    // The Node server's pass after the build, in the build's lane; nginx and the engines in the next phase, in turn.
    const node = where('e2e:node');
    expect(node.lane.indexOf('build')).toBeGreaterThan(-1);
    expect(node.lane.indexOf('build')).toBeLessThan(node.lane.indexOf('e2e:node'));
    expect(where('e2e:nginx').phase).toBeGreaterThan(node.phase);
    expect(where('e2e:nginx').lane).toEqual(['e2e:nginx', 'engines']);
    // Jest beside, never the other way round: nothing else in its lane.
    expect(where('unit').lane).toEqual(['unit']);
  });

  it('prints a table of every step with its result and time, and "not run" for the steps after a failure', async () => {
    const plan: Phase[] = [[[step('a')]], [[step('b'), step('c')], [step('d')]], [[step('e')]]];
    const said: string[] = [];
    const outcomes = await runPlan(
      plan,
      async ({ name }) => name !== 'b',
      (line) => said.push(line),
    );
    expect([...outcomes.keys()].sort()).toEqual(['a', 'b', 'd']);
    const lines = table(stepsOf(plan), outcomes, 125_000).split('\n');
    expect(lines[0]).toMatch(/^step\s+result\s+time$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 2))).toEqual([
      ['a', 'passed'],
      ['b', 'FAILED'],
      ['c', 'not run'],
      ['d', 'passed'],
      ['e', 'not run'],
      ['wall clock', '2 min 05 s'],
    ]);
    // Each step's time said as it ends.
    expect(said.filter((line) => /^\[test\] \w+: (passed|FAILED) in /.test(line))).toHaveLength(3);
  });

  it('runs the lanes of a phase side by side', async () => {
    const running: string[] = [];
    let most = 0;
    await runPlan(
      [[[step('x')], [step('y')]]],
      async ({ name }) => {
        running.push(name);
        most = Math.max(most, running.length);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running.splice(running.indexOf(name), 1);
        return true;
      },
      () => undefined,
    );
    expect(most).toBe(2);
  });

  it('runs the named steps alone, and refuses a name no step has', () => {
    expect(stepsOf(only(PLAN, ['build', 'e2e:node'])).map((each) => each.name)).toEqual(['build', 'e2e:node']);
    expect(() => only(PLAN, ['e2e'])).toThrow(/no step e2e/);
  });

  it("prints each failed step's last lines again after the run (CI shows only a run's end), and nothing for steps that passed", () => {
    const unit = new Tail(3);
    for (const line of ['PASS a', 'PASS b', 'PASS c', 'PASS d']) unit.push(line);
    const scaffold = new Tail(3);
    for (const line of ['[scaffold] typecheck: 6.9 s', 'FAIL deploy/test/store.test.ts', '  expected 200, received 503'])
      scaffold.push(line);
    const outcomes = new Map<string, Outcome>([
      ['unit', { ok: true, ms: 1 }],
      ['scaffold', { ok: false, ms: 1 }],
    ]);
    const printed = failureTails(
      [step('unit'), step('scaffold'), step('build')],
      outcomes,
      new Map([
        ['unit', unit],
        ['scaffold', scaffold],
      ]),
    );
    expect(printed).toContain(
      [
        '--- scaffold failed: its last 3 lines ---',
        '[scaffold] typecheck: 6.9 s',
        'FAIL deploy/test/store.test.ts',
        '  expected 200, received 503',
        '--- end of scaffold ---',
      ].join('\n'),
    );
    expect(printed).not.toMatch(/PASS|unit|build/);
    // The oldest lines go first: the tail is the end.
    expect(unit.lines).toEqual(['PASS b', 'PASS c', 'PASS d']);
  });
});
