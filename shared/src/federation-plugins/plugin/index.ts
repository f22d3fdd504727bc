/**
 * The hooks of the host's federation runtime (host/src/federation/container-runtime.ts) that the
 * portal's named runtime plugins use. Types only: nothing here reaches a bundle.
 */

/** A remote's federation manifest (mf-manifest.json), as far as the portal reads it; anything may be missing. */
export interface FederationManifest {
  name?: unknown;
  metaData?: {
    globalName?: unknown;
    publicPath?: unknown;
    remoteEntry?: { name?: unknown; path?: unknown };
    pluginVersion?: unknown;
  };
  shared?: unknown;
  exposes?: unknown;
}

/** What a remote's entry script defines: the container of Module Federation 2's protocol. */
export interface RemoteContainer {
  init(shareScope: object, initScope: unknown[], options: object): unknown;
  get(expose: string): Promise<() => unknown> | (() => unknown);
}

export interface PortalFederationPlugin {
  name: string;
  /**
   * A remote's manifest is about to be fetched: the plugins are asked in order, and the first
   * that answers a response does the fetching (an undefined lets the next one answer; they may
   * change `init`, which every plugin after them sees).
   */
  fetch?(url: string, init: RequestInit): Promise<Response> | undefined;
  /** The entry script's loading: how long one attempt may take, in milliseconds. */
  createScript?(): { timeout?: number } | undefined;
  /** An attempt at a remote's entry script failed: another attempt's container, or undefined to fail. */
  loadEntryError?(args: {
    remoteName: string;
    url: string;
    error: unknown;
    /**
     * The script loaded and ran, and threw or defined no container: its code is at fault, not the
     * network, and another attempt would run the same code.
     */
    ran: boolean;
    loadEntry: () => Promise<RemoteContainer>;
  }): Promise<RemoteContainer | undefined>;
  /** A remote's manifest was read, before any of its code runs: throwing refuses the remote. */
  afterLoadManifest?(args: {
    manifest: FederationManifest;
    remoteName: string;
    /** The address the remote is registered with (its manifest's: it names the release). */
    url: string;
    /** The version of a shared module the host provides, by share key. */
    providedVersion: (shareKey: string) => string | undefined;
  }): void | Promise<void>;
}
