import { useApolloClient, useMutation } from '@apollo/client/react';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { LogoutDocument, SessionDocument } from '../__generated__/graphql.ts';
import { useQuery } from '../app/query.ts';
import { useConfirm } from '../components/confirm.tsx';
import type { DialogKind } from './AuthDialogs.tsx';
import { safeRedirect } from './redirect.ts';
import { SessionContext, type SessionContextValue } from './session-context.ts';
import './messages.ts'; // sign-in, sign-up and session texts

/** The forms load on first use: visitors who never log in do not download them. */
const AuthDialogs = lazy(() => import('./AuthDialogs.tsx'));

/**
 * The browser session (from the gateway's `session` query), the login/register dialogs, the
 * 'please log in' prompt and logout. Must sit inside the router.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const confirm = useConfirm();
  const { data, loading, refetch } = useQuery(SessionDocument);
  const [logoutMutation] = useMutation(LogoutDocument);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const redirectAfter = useRef<string | undefined>(undefined);

  const session = data?.session;
  const viewer = session?.viewer ?? null;
  const isAuthenticated = Boolean(session?.isAuthenticated && viewer);

  const openLogin = useCallback((redirect?: string) => {
    redirectAfter.current = redirect;
    setDialog('login');
  }, []);
  const openRegister = useCallback(() => setDialog('register'), []);

  const promptLogin = useCallback(() => {
    void confirm({
      title: intl.formatMessage({ id: 'auth.promptTitle' }),
      message: intl.formatMessage({ id: 'auth.promptMessage' }),
      confirmText: intl.formatMessage({ id: 'auth.promptConfirm' }),
      cancelText: intl.formatMessage({ id: 'auth.promptCancel' }),
    }).then((ok) => {
      if (ok) openLogin();
    });
  }, [confirm, intl, openLogin]);

  /**
   * After login/register: per-user data is fetched again for the new session. An initial
   * password is said by the layout's banner (DefaultPasswordBanner), which the new session
   * brings up: no toast repeats it.
   */
  const afterSignIn = useCallback(async () => {
    setDialog(null);
    await client.resetStore().catch(() => {});
    const target = redirectAfter.current;
    redirectAfter.current = undefined;
    if (target) navigate(safeRedirect(target));
  }, [client, navigate]);

  const logout = useCallback(
    async ({ confirm: ask = true }: { confirm?: boolean } = {}) => {
      if (ask) {
        const ok = await confirm({
          message: intl.formatMessage({ id: 'auth.confirmExit' }),
          confirmText: intl.formatMessage({ id: 'auth.logout' }),
          cancelText: intl.formatMessage({ id: 'auth.stay' }),
        });
        if (!ok) return false;
      }
      try {
        await logoutMutation({ variables: { input: {} } });
      } catch {
        // signed out locally anyway
      }
      await client.clearStore().catch(() => {});
      await refetch().catch(() => {});
      navigate('/login', { replace: true });
      return true;
    },
    [client, confirm, intl, logoutMutation, navigate, refetch],
  );

  const refresh = useCallback(async () => {
    await refetch().catch(() => {});
  }, [refetch]);

  const value = useMemo<SessionContextValue>(
    () => ({
      isAuthenticated,
      viewer,
      defaultPassword: Boolean(isAuthenticated && session?.defaultPassword),
      loading: loading && !data,
      openLogin,
      openRegister,
      promptLogin,
      logout,
      refresh,
    }),
    [
      isAuthenticated,
      viewer,
      session?.defaultPassword,
      loading,
      data,
      openLogin,
      openRegister,
      promptLogin,
      logout,
      refresh,
    ],
  );

  return (
    <SessionContext.Provider value={value}>
      {children}
      {dialog && location.pathname !== '/login' && (
        <Suspense fallback={null}>
          <AuthDialogs
            kind={dialog}
            onClose={() => setDialog(null)}
            onSwitch={setDialog}
            onSignedIn={afterSignIn}
          />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}
