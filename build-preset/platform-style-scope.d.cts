/** Types of platform-style-scope.cjs (the platform's stateless styles, scoped per copy). */
declare function platformStyleScopeLoader(this: { getOptions(): { scope: string }; resourcePath: string }, source: string): string;
declare namespace platformStyleScopeLoader {
  /** The attribute a screen's root carries: `data-platform-style`. */
  const ATTRIBUTE: string;
  /** `p` and 8 hex digits: the hash of the platform's scoped stylesheets the app at `appDir` builds with. */
  function platformStyleScope(appDir: string): string;
  /** A platform stylesheet with every rule limited to screens of `scope` (and elements under none). */
  function scopePlatformCss(css: string, scope: string): string;
  /** Whether the file is one of the platform's scoped stylesheets. */
  function isScopedPlatformStyle(file: string): boolean;
}
export = platformStyleScopeLoader;
