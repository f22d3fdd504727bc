/**
 * The storage settings a webview may give the portal (docs/session.md, "Without storage"), as
 * scripts run in every frame before the page's own: what e2e/tests/storage-off.spec.ts (Playwright,
 * Chromium) and e2e/engines/journeys-storage.mjs (Chromium, Firefox, WebKit) open the portal with.
 * The unit tests play the same settings on jsdom (shared/src/test-utils/storage-modes.ts).
 *
 * - `null`: Android's WebView with DOM storage left off (its default): both properties are null;
 * - `undefined`: the properties are there and empty;
 * - `blocked`: reading either property throws a SecurityError (Chromium with cookies blocked,
 *   Safari with "Block all cookies");
 * - `no-quota`: the storages are there, read empty, and every write throws a QuotaExceededError
 *   (old Safari's private mode).
 */
export const BROWSER_STORAGE_MODES = ['null', 'undefined', 'blocked', 'no-quota'] as const;
export type BrowserStorageMode = (typeof BROWSER_STORAGE_MODES)[number];

/** The script (JavaScript source, ES5: it runs in every engine) that gives a page the storage of `mode`. */
export function storageOffScript(mode: BrowserStorageMode): string {
  return `(function () {
  var mode = ${JSON.stringify(mode)};
  if (mode === 'no-quota') {
    window.Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    return;
  }
  ['sessionStorage', 'localStorage'].forEach(function (name) {
    Object.defineProperty(window, name, {
      configurable: true,
      enumerable: true,
      get: function () {
        if (mode === 'blocked') throw new DOMException('Access is denied for this document.', 'SecurityError');
        return mode === 'null' ? null : undefined;
      },
    });
  });
})();`;
}

/**
 * Run in the page: what a write to session storage does there ('works', or the error's name), so a
 * test proves the page really had no storage.
 */
export const STORAGE_WRITE_PROBE = `(function () {
  try {
    window.sessionStorage.setItem('probe', '1');
    window.sessionStorage.removeItem('probe');
    return 'works';
  } catch (error) {
    return (error && error.name) || 'error';
  }
})()`;

/** Run in the page: the session token the page holds in its memory (the storage layer's, shared/src/session/storage.ts). */
export const TOKEN_IN_PAGE_MEMORY = `(function () {
  var memory = window.__portalPageStorage;
  return (memory && memory.get('driver-portal:token')) || null;
})()`;
