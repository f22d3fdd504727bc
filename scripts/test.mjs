// `npm test` (and so .ci/run): every check once, where it means something (issue 46, decision
// 0027), printing each step's wall-clock time as it ends and, at the end, a table of the steps and
// their times, also on a failure (the failing step marked, the steps not started "not run"; above
// the table, each failed step's last lines again). Exit status 1 on any failure.
//   node scripts/test.mjs                    every step
//   node scripts/test.mjs build e2e:node     these steps only (the same table); npm run test:e2e
//
// Two cores (CI's machines): Jest runs one worker there (its default, the cores less one), so the
// static checks, the scaffold check, the build and the Node server's pass run one after the other
// beside it, on the other core; the container smoke (its own ports, its builds under `nice`) runs
// beside the nginx pass and the engines, which share the suite's ports with the Node server's
// pass and so come after it. After a failure no new step starts; the steps
// already running finish.
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const XVFB = "xvfb-run -a -s '-screen 0 1280x1024x24'";

/**
 * The steps, as phases run one after the other; a phase is lanes run side by side, each lane's
 * steps one after the other. `run` is a shell command in the repository (node_modules/.bin on PATH).
 * @type {import('./test.d.mts').Phase[]}
 */
export const PLAN = [
  [[{ name: 'machine', run: 'node scripts/test-machine.mjs', what: 'the Debian packages the browser, nginx and metrics tests need' }]],
  [
    [{ name: 'unit', run: 'jest --ci', what: 'Jest: every package, the sandbox, telemetry, the deployment modules, the repository rules' }],
    [
      { name: 'typecheck', run: 'tsc --noEmit -p tsconfig.json', what: 'TypeScript, every app' },
      { name: 'lint', run: 'npm run lint', what: 'ESLint (the Web API floor), Prettier, the CSS floor' },
      { name: 'scaffold', run: 'node scripts/scaffold-check.mjs', what: 'a new remote scaffolded in a scratch copy: what it can break' },
      // Under the lock Jest's conformance test builds the stale remotes with (it waits 90 s for
      // it; a build takes about 20): never two builds of one folder at once. --changed: what that
      // test built from these sources already is not built again.
      {
        name: 'build',
        run: 'flock /tmp/portal-e2e.lock node scripts/build.mjs --changed',
        what: 'the production builds (what is not built from these sources yet)',
      },
      { name: 'floor:syntax', run: 'npm run floor:syntax', what: 'the built JavaScript against the browser floor' },
      // Small after the split (what a server answers, mostly over HTTP): it fills the core Jest
      // leaves, on the suite's ports, which no unit test binds.
      {
        name: 'e2e:node',
        run: 'playwright test -c e2e/playwright.config.ts --project=node',
        what: 'what a server answers, through the Node server (e2e/spec-classes.ts)',
      },
    ],
  ],
  [
    [
      {
        name: 'e2e:nginx',
        run: 'PORTAL_SERVER=nginx playwright test -c e2e/playwright.config.ts',
        what: 'what a server answers and every journey, through nginx; then the deployment tests',
      },
      {
        name: 'engines',
        run: `${XVFB} node --import tsx e2e/engines/run.mjs`,
        what: 'the journeys in Chromium, Firefox ESR and WebKitGTK, through nginx',
      },
    ],
    [{ name: 'compose', run: 'node scripts/compose-smoke.mjs', what: 'the containers built, started and smoked (ports + 10000)' }],
  ],
];

/** Every step of a plan, in order. */
export const stepsOf = (plan) => plan.flat(2);

/**
 * The plan with only the named steps (phases and lanes left empty dropped); throws on a name no
 * step has.
 */
export function only(plan, names) {
  const known = new Set(stepsOf(plan).map((step) => step.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`no step ${unknown.join(', ')}: the steps are ${[...known].join(', ')}`);
  return plan
    .map((phase) => phase.map((lane) => lane.filter((step) => names.includes(step.name))).filter((lane) => lane.length > 0))
    .filter((phase) => phase.length > 0);
}

/** Seconds as the table shows them: 75.2 s, 4 min 05 s. */
export function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * The closing table: one row per step in plan order (its result, its time), then the wall clock.
 * @param {import('./test.d.mts').Step[]} steps
 * @param {Map<string, import('./test.d.mts').Outcome>} outcomes by step name; a step without one was not run
 * @param {number} totalMs
 */
export function table(steps, outcomes, totalMs) {
  const width = Math.max(...steps.map((step) => step.name.length), 'wall clock'.length);
  const lines = [`${'step'.padEnd(width)}  ${'result'.padEnd(7)}  time`];
  for (const step of steps) {
    const outcome = outcomes.get(step.name);
    const result = outcome ? (outcome.ok ? 'passed' : 'FAILED') : 'not run';
    lines.push(`${step.name.padEnd(width)}  ${result.padEnd(7)}  ${outcome ? duration(outcome.ms) : ''}`.trimEnd());
  }
  lines.push(`${'wall clock'.padEnd(width)}  ${''.padEnd(7)}  ${duration(totalMs)}`);
  return lines.join('\n');
}

/**
 * Runs the plan: phases in turn, a phase's lanes side by side. After the first failure no step
 * starts (running ones finish).
 * @param {import('./test.d.mts').Phase[]} plan
 * @param {(step: import('./test.d.mts').Step, prefixed: boolean) => Promise<boolean>} execute runs one step, true when it passed
 * @param {(line: string) => void} say
 * @returns {Promise<Map<string, import('./test.d.mts').Outcome>>}
 */
export async function runPlan(plan, execute, say = console.log) {
  const outcomes = new Map();
  let failed = false;
  for (const phase of plan) {
    if (failed) break;
    await Promise.all(
      phase.map(async (lane) => {
        for (const step of lane) {
          if (failed) return;
          say(`\n[test] ${step.name}: ${step.run}${phase.length > 1 ? ' (beside another step: its lines start with its name)' : ''}`);
          const started = Date.now();
          const ok = await execute(step, phase.length > 1);
          outcomes.set(step.name, { ok, ms: Date.now() - started });
          say(`[test] ${step.name}: ${ok ? 'passed' : 'FAILED'} in ${duration(Date.now() - started)}`);
          if (!ok) failed = true;
        }
      }),
    );
  }
  return outcomes;
}

/**
 * The last lines a step printed, kept to be printed again after the table when it fails: CI keeps
 * only the end of a run's output, and a step beside Jest would otherwise be buried under it.
 */
export class Tail {
  /** @param {number} size how many lines are kept */
  constructor(size = 200) {
    this.size = size;
    /** @type {string[]} */
    this.lines = [];
  }

  /** @param {string} line */
  push(line) {
    this.lines.push(line);
    if (this.lines.length > this.size) this.lines.shift();
  }
}

/**
 * What is printed after the table for each failed step: its last lines, under a heading.
 * @param {import('./test.d.mts').Step[]} steps
 * @param {Map<string, import('./test.d.mts').Outcome>} outcomes
 * @param {Map<string, Tail>} tails by step name
 */
export function failureTails(steps, outcomes, tails) {
  return steps
    .filter((step) => outcomes.get(step.name)?.ok === false)
    .map((step) => {
      const lines = tails.get(step.name)?.lines ?? [];
      return `\n--- ${step.name} failed: its last ${lines.length} lines ---\n${lines.join('\n')}\n--- end of ${step.name} ---`;
    })
    .join('\n');
}

/** @type {Map<string, Tail>} */
const tails = new Map();

/**
 * Runs one step's command in a shell, its output shown as it comes (beside another step, each line
 * starts with its name) and its last lines kept.
 */
function execute(step, prefixed) {
  return new Promise((resolve) => {
    const tail = new Tail();
    tails.set(step.name, tail);
    const child = spawn(step.run, {
      cwd: join(import.meta.dirname, '..'),
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${join(import.meta.dirname, '..', 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` },
    });
    const show = (line) => {
      tail.push(line);
      process.stdout.write(prefixed ? `[${step.name}] ${line}\n` : `${line}\n`);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) show(line);
      });
      stream.on('end', () => rest && show(rest));
    }
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

async function main() {
  const names = process.argv.slice(2);
  let plan;
  try {
    plan = names.length ? only(PLAN, names) : PLAN;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const started = Date.now();
  const outcomes = await runPlan(plan, execute);
  const steps = stepsOf(plan);
  const ok = steps.every((step) => outcomes.get(step.name)?.ok);
  if (!ok) console.log(failureTails(steps, outcomes, tails));
  console.log(`\n${table(steps, outcomes, Date.now() - started)}`);
  console.log(ok ? '\nnpm test: every step passed' : '\nnpm test: FAILED');
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
