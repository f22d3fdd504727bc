/** See test.mjs. */
export interface Step {
  name: string;
  /** A shell command, run in the repository with node_modules/.bin on PATH. */
  run: string;
  what: string;
}
/** Steps run one after the other. */
export type Lane = Step[];
/** Lanes run side by side. */
export type Phase = Lane[];
export interface Outcome {
  ok: boolean;
  ms: number;
}
export const PLAN: Phase[];
export function stepsOf(plan: Phase[]): Step[];
export function only(plan: Phase[], names: string[]): Phase[];
export function duration(ms: number): string;
export function table(steps: Step[], outcomes: Map<string, Outcome>, totalMs: number): string;
export function runPlan(
  plan: Phase[],
  execute: (step: Step, prefixed: boolean) => Promise<boolean>,
  say?: (line: string) => void,
): Promise<Map<string, Outcome>>;
export class Tail {
  constructor(size?: number);
  size: number;
  lines: string[];
  push(line: string): void;
}
export function failureTails(steps: Step[], outcomes: Map<string, Outcome>, tails: Map<string, Tail>): string;
