export { AlertDialog } from './AlertDialog';
export { LoadingOverlay } from './LoadingOverlay';
export { PlatformLayout } from './PlatformLayout';
export { ConfigUnavailable, NotFoundPage, RemoteFallback, RouteErrorPage, type RemoteFallbackProps } from './pages';
export { remoteRouteTree, ownsPath, signOutRoute, withRetriedLazies, type RemoteRoutesModule } from './routes';
export { startStandalone, standaloneRoutes } from './standalone';
