/** Types of deploy-paths.cjs: the deployment scripts' guard against writing outside their folder. */
export function insideRoot(root: string, target: string, options?: { followLast?: boolean }): string;
