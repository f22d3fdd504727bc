/** Types of shifted-apps.cjs: a second list of apps, every port moved, for a deployment beside the suite's. */
export interface ShiftedApps {
  host: { app: string; port: number };
  remotes: Array<{ app: string; port: number; prefixes: string[]; camera?: true }>;
  sandboxPort: number;
}
export function shiftedApps(shift: number): ShiftedApps;
export function writeShiftedApps(folder: string, shift: number): { file: string; apps: ShiftedApps };
