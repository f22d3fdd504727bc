/**
 * `@driver-portal/shared/storage`: the one storage layer for every value an app keeps in the
 * browser (docs/session.md, "Without storage"). Stateless, bundled into each app: the page's
 * memory that stands in for a missing, blocked or full storage lives on the window, shared by
 * every build on the page. The implementation sits beside the session keys, which the boot of
 * every entry bundles without this part.
 */
// eslint-disable-next-line no-restricted-imports -- the implementation is the session's (bundled by the boot), re-exported as a stateless part
export { durable, pageStorage, type PageStorage } from '../session/storage';
