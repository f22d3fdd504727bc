export function scratchCopy(prefix: string): string;
