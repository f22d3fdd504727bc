/**
 * The sandbox endpoints a remote keeps in its own folder: `<remote>/sandbox/handlers.ts`, exporting
 * `handlers` (a list of `route(endpoint, handler)`, ./remote.ts). The remotes are those of the apps
 * lists (apps.json, or PORTAL_APPS_JSON, and the running nginx deployment's `.deploy/apps.json`,
 * which `release:remote -- <remote> --new` extends); a remote without the file is served by the
 * handlers of `src/handlers/` alone: the provider's services the suite simulates, on one state,
 * stay there (docs/decisions/0013-provider-services-stay-in-the-sandbox.md).
 *
 * A running sandbox learns a remote added later without a restart: a service call that no handler
 * answers reads the lists again (at most once a second) and loads the handlers of every remote new
 * to it before answering 404; SIGHUP reads them at once (main.ts). A remote's handlers are loaded
 * once: changing them needs the sandbox's restart (`npm run dev` restarts it on a save).
 * A remote added to a running deployment from a squad's own checkout (`release:remote -- <remote>
 * --new --deployment <.deploy>`) is found where that command recorded its folder
 * (RECORDED_FOLDERS_FILE beside the deployment's list).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { checkApps } from '../../build-preset/apps-validate.cjs';
import type { EndpointTable } from '@driver-portal/shared/contract';
import { declarations, REMOTE_TABLES } from './contracts';
import { bindDeclarations } from './handlers';
import type { Route } from './router';

const REPO = resolve(__dirname, '..', '..');
/** A remote's own sandbox endpoints, relative to its folder (any extension Node or tsx resolves). */
const REMOTE_HANDLERS_MODULE = join('sandbox', 'handlers');

interface AppsList {
  host: { app: string; port: number };
  remotes: ReadonlyArray<{ app: string; port: number }>;
}

export interface RemoteHandlersOptions {
  /** The apps lists to read, in order; a missing or invalid one is skipped (the last good reading stays). */
  lists?: readonly string[];
  /** Checkouts whose `<remote>/` folders are looked in, first match wins (default: this one). */
  roots?: readonly string[];
  /** How often, at most, the lists are read again on an unanswered call. */
  minRescanMs?: number;
  now?: () => number;
}

/** The lists a sandbox started from this checkout reads. */
function defaultLists(env: NodeJS.ProcessEnv = process.env): string[] {
  const main = env.PORTAL_APPS_JSON ? resolve(env.PORTAL_APPS_JSON) : join(REPO, 'apps.json');
  return [main, join(REPO, '.deploy', 'apps.json')];
}

/** This checkout, then SANDBOX_REMOTE_ROOTS (space-separated checkouts, e.g. a squad's with a remote added by `--new --root`). */
function defaultRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  return [REPO, ...(env.SANDBOX_REMOTE_ROOTS ?? '').split(/\s+/).filter((root) => root !== '')];
}

export class RemoteHandlers {
  private readonly lists: readonly string[];
  private readonly roots: readonly string[];
  private readonly minRescanMs: number;
  private readonly now: () => number;
  /** Remotes already looked at (with or without handlers): each is loaded once. */
  private readonly seen = new Set<string>();
  private readonly tables = new Map<string, EndpointTable>(Object.entries(REMOTE_TABLES));
  private readonly unbound = new Map<string, readonly Route[]>();
  private bound: readonly Route[] = [];
  private ports = new Set<number>();
  private lastScan = Number.NEGATIVE_INFINITY;

  constructor(options: RemoteHandlersOptions = {}) {
    this.lists = options.lists ?? defaultLists();
    this.roots = options.roots ?? defaultRoots();
    this.minRescanMs = options.minRescanMs ?? 1000;
    this.now = options.now ?? Date.now;
    this.scan();
  }

  /** Every remote's own handlers, checked against every known remote's declarations of their calls. */
  routes(): readonly Route[] {
    return this.bound;
  }

  /** The ports of every app the lists name (the sandbox's CORS list, portal-origins.ts). */
  appPorts(): ReadonlySet<number> {
    return this.ports;
  }

  /** Reads the lists again unless read within `minRescanMs`; true when a remote's handlers were added. */
  refresh(): boolean {
    if (this.now() - this.lastScan < this.minRescanMs) return false;
    return this.scan();
  }

  /** Reads the lists now (SIGHUP); true when a remote's handlers were added. */
  scan(): boolean {
    this.lastScan = this.now();
    const ports = new Set<number>();
    let added = false;
    for (const file of this.lists) {
      const list = readList(file);
      if (!list) continue;
      ports.add(list.host.port);
      for (const remote of list.remotes) {
        ports.add(remote.port);
        if (this.seen.has(remote.app)) continue;
        this.seen.add(remote.app);
        added = this.load(remote.app) || added;
      }
    }
    // A list that could not be read keeps the ports known before (no origin is dropped by a bad write).
    if (ports.size > 0) this.ports = new Set([...this.ports, ...ports]);
    if (added) this.bound = bindDeclarations([...this.unbound.values()].flat(), declarations(Object.fromEntries(this.tables)));
    return added;
  }

  private load(dir: string): boolean {
    for (const folder of [...this.roots.map((root) => join(root, dir)), ...recordedFolders(this.lists, dir)]) {
      if (!existsSync(folder)) continue;
      const contract = join(folder, 'src', 'contract');
      // A remote added at run time declares its calls too: its answers are checked against them.
      if (!this.tables.has(dir) && existsSync(contract)) {
        const table = (require(contract) as { api?: EndpointTable }).api;
        if (table) this.tables.set(dir, table);
      }
      let module: string;
      try {
        module = require.resolve(join(folder, REMOTE_HANDLERS_MODULE));
      } catch {
        return false; // no sandbox endpoints of its own: src/handlers/ serves its calls, if any
      }
      const handlers = (require(module) as { handlers?: unknown }).handlers;
      if (!Array.isArray(handlers) || !handlers.every(isRoute)) {
        // Loud, not fatal: one remote's broken file must not take every other remote's sandbox down.
        console.error(`[sandbox-api] ${module} must export handlers: route(endpoint, handler)[]; skipped`);
        return false;
      }
      this.unbound.set(dir, handlers);
      return true;
    }
    return false;
  }
}

/**
 * Where `release:remote -- <remote> --new` run from a squad's own checkout said the remote's
 * folder is: `sandbox-remotes.json` beside an apps list (the running deployment's), a map of
 * remote to absolute folder. Only a folder named as the remote is taken.
 */
export const RECORDED_FOLDERS_FILE = 'sandbox-remotes.json';

function recordedFolders(lists: readonly string[], dir: string): string[] {
  return lists.flatMap((list) => {
    try {
      const recorded = (JSON.parse(readFileSync(join(dirname(list), RECORDED_FOLDERS_FILE), 'utf8')) as Record<string, unknown>)[dir];
      return typeof recorded === 'string' && isAbsolute(recorded) && basename(recorded) === dir ? [recorded] : [];
    } catch {
      return []; // none recorded there
    }
  });
}

function readList(file: string): AppsList | undefined {
  try {
    // Read as text each time (never require's cache): the list changes while the sandbox runs.
    return checkApps(JSON.parse(readFileSync(file, 'utf8')) as AppsList, file);
  } catch {
    return undefined; // absent (no deployment), or being rewritten: the next reading will tell
  }
}

function isRoute(value: unknown): value is Route {
  if (typeof value !== 'object' || value === null) return false;
  const { endpoint, handle } = value as Partial<Route>;
  return typeof handle === 'function' && typeof endpoint === 'object' && endpoint !== null && typeof endpoint.path === 'string';
}

/** The sandbox's one reader, shared by the server and its CORS list. */
export const remoteHandlers = new RemoteHandlers();
