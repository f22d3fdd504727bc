import type { Route } from '../router';
import { communicationRoutes } from './communication';
import { coreRoutes } from './core';
import { eulaRoutes } from './eula';
import { insuranceRoutes } from './insurance';
import { registerRoutes } from './register';
import { statementRoutes } from './statement';
import { zipRoutes } from './zip';

/** Every call the sandbox answers. The card service has no calls in the table yet: all 404. */
export const sandboxRoutes: readonly Route[] = [
  ...coreRoutes,
  ...communicationRoutes,
  ...registerRoutes,
  ...insuranceRoutes,
  ...eulaRoutes,
  ...statementRoutes,
  ...zipRoutes,
];
