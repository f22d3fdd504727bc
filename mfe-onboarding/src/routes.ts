import type { RouteObject } from 'react-router';

export const prefixes = [] as const;
export const routes: RouteObject[] = [];
