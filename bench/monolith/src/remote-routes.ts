import type { RemoteRoutesModule } from '@driver-portal/shared/shell';

/**
 * Every remote's routes module, in the order of apps.json. The build replaces this empty list
 * with an import of each remote's src/routes.ts (remote-routes-loader.cjs).
 */
export const remoteModules: { name: string; module: RemoteRoutesModule }[] = [];
