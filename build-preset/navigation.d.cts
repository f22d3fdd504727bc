export function navigationTiles(source: unknown, file: string): unknown[];
export function readNavigationTiles(file: string): unknown[];
