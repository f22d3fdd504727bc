/** See budget-ratchet.cjs. */
export interface BudgetLink {
  path: string;
  maxKB?: Record<string, number>;
}
export interface Rise {
  path: string;
  target: string;
  before: number;
  now: number;
}
export const BUDGETS_FILE: string;
export const MAIN_REFS: readonly string[];
export function risenBudgets(before: readonly BudgetLink[], now: readonly BudgetLink[]): Rise[];
export function committedBudgets(root: string): { ref: string; commit: string; links: BudgetLink[] }[];
export function budgetsFile(root: string): string;
