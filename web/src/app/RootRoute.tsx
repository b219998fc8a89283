import { useIntl } from 'react-intl';
import { Outlet, useRouteError } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { ErrorState } from '../components/ErrorState.tsx';
import { useChunkReload, useReloadRetry } from './chunk-reload.ts';
import { NavigationEffects } from './NavigationEffects.tsx';

/** The root route: session and dialogs, navigation effects, then the matched screen. */
export function RootRoute() {
  return (
    <AuthProvider>
      <NavigationEffects />
      <Outlet />
    </AuthProvider>
  );
}

/**
 * A route that failed to load or render, and its retry. The retry loads the page again (a chunk
 * that failed stays failed for the router), but only once the server answers: during an outage
 * the page stays and says so. A chunk that failed reloads the page once by itself (a deploy).
 */
export function RouteErrorPanel() {
  const intl = useIntl();
  useChunkReload(useRouteError());
  return <ErrorState message={intl.formatMessage({ id: 'app.routeError' })} onRetry={useReloadRetry()} />;
}

/** A failure above the common layout (the layout itself): the panel alone. */
export function RouteError() {
  return (
    <main>
      <RouteErrorPanel />
    </main>
  );
}
