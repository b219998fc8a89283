import { useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { ErrorState } from '../components/ErrorState.tsx';
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

/** A route that failed to load or render: retry reloads the page (e.g. a chunk from an older deploy). */
export function RouteError() {
  const intl = useIntl();
  return (
    <main>
      <ErrorState
        message={intl.formatMessage({ id: 'app.routeError' })}
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
