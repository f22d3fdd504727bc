import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  useMatch,
  useNavigation,
  useBlocker,
  generatePath,
  matchPath,
} from 'react-router';
import * as config from '@driver-portal/shared/config';
import * as events from '@driver-portal/shared/events';
import * as session from '@driver-portal/shared/session';
import * as shell from '@driver-portal/shared/shell';
import sharedPackage from '@driver-portal/shared/package.json';
import portalDeadline from '@driver-portal/shared/federation-plugins/deadline';
import portalRetry from '@driver-portal/shared/federation-plugins/retry';
import hostPackage from '../../package.json';
import type { PortalFederationPlugin } from '@driver-portal/shared/federation-plugins/plugin';
import { HostFederation } from './container-runtime';
import { remoteEntryUrl } from './manifest-assets';
import portalVersionGuard from './plugins/version-guard';

/**
 * The host's federation runtime (container-runtime.ts), created at run time (no build plugin in
 * the host): this module is its own chunk, downloaded the first time a remote is needed, so the
 * home and the host's other pages carry none of it.
 *
 * The host provides its own copies of the shared singletons, the very modules its shell runs
 * with (one React, one session, one event bus on the page), under the keys and versions the
 * remotes' builds consume (build-preset/shared-deps.cjs); the HTTP singleton, which the host's
 * own pages do not use, is provided to be downloaded on first use. Remote containers are built
 * against an external runtime: the host's hands them its own (container-runtime.ts).
 */

/** The part of React Router remotes may use: ROUTER_API in build-preset/shared-deps.cjs (a test holds them equal). */
export const ROUTER_EXPORTS = {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  useMatch,
  useNavigation,
  useBlocker,
  generatePath,
  matchPath,
};

const singleton = (version: string) => ({ singleton: true, requiredVersion: `^${version}`, strictVersion: true });

const loaded = (version: string, module: unknown) => ({ version, lib: () => module, shareConfig: singleton(version) });

/** Every shared module the host provides, by share key. */
export function providedShared() {
  const react = hostPackage.dependencies.react;
  const router = hostPackage.dependencies['react-router'];
  const singletons = sharedPackage.platformSingletons;
  return {
    react: loaded(react, React),
    'react/jsx-runtime': loaded(react, JsxRuntime),
    'react-dom': loaded(react, ReactDom),
    'react-dom/client': loaded(react, ReactDomClient),
    'react-router': loaded(router, ROUTER_EXPORTS),
    '@driver-portal/shared/config': loaded(singletons.config, config),
    '@driver-portal/shared/events': loaded(singletons.events, events),
    '@driver-portal/shared/session': loaded(singletons.session, session),
    '@driver-portal/shared/shell': loaded(singletons.shell, shell),
    '@driver-portal/shared/http': {
      version: singletons.http,
      get: () => import('@driver-portal/shared/http').then((module) => () => module),
      shareConfig: singleton(singletons.http),
    },
  };
}

/** Where a squad asks for the devtools' view of the page: `localStorage.setItem('portal-devtools', '1')`, then reload. */
const DEVTOOLS_KEY = 'portal-devtools';

/**
 * Whether to fill in what the Module Federation devtools read (devtools.ts): a squad asked, the
 * extension's own key is set, or the extension injected a plugin before the page started.
 */
export function devtoolsAsked(): boolean {
  try {
    const page = globalThis as { __FEDERATION__?: { __GLOBAL_PLUGIN__?: unknown[] } };
    return !!(
      localStorage.getItem(DEVTOOLS_KEY) ??
      localStorage.getItem('__MF_DEVTOOLS_MODULE_INFO__') ??
      page.__FEDERATION__?.__GLOBAL_PLUGIN__?.length
    );
  } catch {
    // No storage (private mode on an old webview): no devtools.
    return false;
  }
}

export async function createHostFederation(): Promise<HostFederation> {
  // portal-deadline before portal-retry: it gives the fetches portal-retry makes their deadline.
  const plugins = [portalDeadline(), portalRetry(), portalVersionGuard()];
  const create = (all: readonly PortalFederationPlugin[]) => new HostFederation(providedShared(), all);
  if (!devtoolsAsked()) return create(plugins);
  // A chunk of its own, for squads only (devtools.ts).
  const { withDevtools } = await import(/* webpackChunkName: "federation-devtools" */ './devtools');
  return withDevtools(create, plugins, remoteEntryUrl);
}
