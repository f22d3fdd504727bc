/** See test-machine.mjs. */
export interface MachineNeed {
  program: string;
  packages: string[];
  for: string;
}
export interface MachinePlan {
  action: 'ready' | 'install' | 'ask';
  packages: string[];
  missing: MachineNeed[];
}
export const MACHINE_NEEDS: MachineNeed[];
export function machinePlan(
  machine: { exists: (path: string) => boolean; isRoot: boolean; hasApt: boolean },
  needs?: MachineNeed[],
): MachinePlan;
export function askMessage(plan: MachinePlan): string;
