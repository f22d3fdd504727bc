/**
 * The scope of this copy of the platform's styles (build-preset/platform-style-scope.cjs): set by
 * the build of the app this copy is bundled into. A screen's root carries it, so another app's
 * copy of the same rules (a newer remote loaded on the same page) never restyles it.
 */
declare const __PLATFORM_STYLE_SCOPE__: string | undefined;

/** Spread on a screen's root element (`Page` does); only needed by a screen built without `Page`. */
export const platformStyleScope: { 'data-platform-style'?: string } =
  typeof __PLATFORM_STYLE_SCOPE__ === 'string' ? { 'data-platform-style': __PLATFORM_STYLE_SCOPE__ } : {};
