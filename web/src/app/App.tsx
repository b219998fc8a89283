import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { type ReactNode, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { loginPath } from '../auth/redirect.ts';
import { ConfirmProvider } from '../components/confirm.tsx';
import { LoadingProvider } from '../components/LoadingOverlay.tsx';
import { ToastProvider, toastOutsideReact, toastTypeOf, useToast } from '../components/toast.tsx';
import { getCurrentLocale, type Locale, LocaleProvider, onLocaleChange } from '../i18n/LocaleProvider.tsx';
import { plainText } from '../i18n/messages-collect.ts';
import { onSecureStorageError } from '../lib/secure-storage.ts';
import { theme } from '../theme.ts';
import { createApolloClient } from './apollo.ts';
import { GlobalStyle } from './GlobalStyle.ts';
import { routes } from './routes.tsx';
import './messages.ts'; // route titles and the app's own texts
import '../components/messages.ts'; // the shared components' texts, on every screen

const text = (id: string) => plainText(getCurrentLocale(), id);

/** The router and the Apollo client one browser page runs with. */
export interface AppRuntime {
  router: ReturnType<typeof createBrowserRouter>;
  client: ApolloClient;
}

/** Builds the router and the Apollo client wired to each other (session expiry → /login). */
export function createAppRuntime(apolloState?: unknown): AppRuntime {
  // With a server-rendered page, React Router reads its state from window.__staticRouterHydrationData.
  const router = createBrowserRouter(routes);
  let handlingSignOut = false;

  /** `expired`: the session ran out (not a permission refusal), and the login page says so. */
  const signOut = (reason?: 'expired') => {
    if (handlingSignOut) return;
    handlingSignOut = true;
    const { pathname, search } = router.state.location;
    void client.clearStore().finally(() => {
      // the Session query (and every per-user query) is read again for the anonymous session
      void client.refetchQueries({ include: 'active' }).catch(() => {});
      if (pathname !== '/login')
        void router.navigate(loginPath(pathname + search, reason), { replace: true });
      setTimeout(() => {
        handlingSignOut = false;
      }, 1000);
    });
  };

  const client = createApolloClient({
    getLocale: getCurrentLocale,
    onUnauthenticated: (operationName) => {
      if (operationName === 'Login') return; // wrong credentials are shown by the form's toast
      signOut('expired');
    },
    onForbidden: (alterMsg) => {
      toastOutsideReact('warning', alterMsg || text('auth.forbidden'));
      signOut();
    },
    onErrorMessage: (alterMsg, type) => toastOutsideReact(toastTypeOf(type), alterMsg),
    onNotice: (notice) => toastOutsideReact(toastTypeOf(notice.type ?? 1), notice.alterMsg),
    onNetworkError: () => toastOutsideReact('error', text('app.networkError')),
    onFailure: () => toastOutsideReact('error', text('app.actionFailed')),
  });
  // The server's answers for this page: the first screen reads them instead of asking again.
  if (apolloState) client.cache.restore(apolloState as never);

  // Translated server texts: a locale change reads everything again in the new language. Not
  // `resetStore`: it cancels the queries in flight, and a screen waiting for one would fail; the
  // link asks those again in the new language once they answer.
  onLocaleChange(() => {
    void client.cache
      .reset({ discardWatches: false })
      .then(() => client.refetchObservableQueries())
      .catch(() => {});
  });

  return { router, client };
}

/** '数据加密异常' / 'data encryption exception' when stored state could not be decrypted (and was reset). */
function StorageErrorNotifier() {
  const intl = useIntl();
  const toast = useToast();
  useEffect(
    () => onSecureStorageError(() => toast.error(intl.formatMessage({ id: 'storage.encryptionError' }))),
    [intl, toast],
  );
  return null;
}

/** Theme, locale, toasts, confirmations and the loading state: everything above the router. */
export function AppProviders({ locale, children }: { locale?: Locale; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <LocaleProvider initialLocale={locale}>
        <ToastProvider>
          <StorageErrorNotifier />
          <ConfirmProvider>
            <LoadingProvider>{children}</LoadingProvider>
          </ConfirmProvider>
        </ToastProvider>
      </LocaleProvider>
    </ThemeProvider>
  );
}

/**
 * The browser's app. `runtime` is built before React starts (main.tsx), in a task of its own: made
 * during the first render it would be one unit of work React cannot slice, as long as building
 * the router and restoring the server's Apollo cache take.
 */
export function App({ locale, runtime }: { locale?: Locale; runtime: AppRuntime }) {
  const { router, client } = runtime;
  return (
    <ApolloProvider client={client}>
      <AppProviders locale={locale}>
        <RouterProvider router={router} />
      </AppProviders>
    </ApolloProvider>
  );
}
