/**
 * Test helpers for web component tests: the app's providers (theme, locale, toast, confirm,
 * loading, session) around a component, with an optional memory router and Apollo mocks.
 */
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { createCache } from '../../web/src/app/apollo.ts';
import { SessionContext, type SessionContextValue } from '../../web/src/auth/session-context.ts';
import { ConfirmProvider } from '../../web/src/components/confirm.tsx';
import { LoadingProvider } from '../../web/src/components/LoadingOverlay.tsx';
import { ToastProvider } from '../../web/src/components/toast.tsx';
import { type Locale, LocaleProvider } from '../../web/src/i18n/LocaleProvider.tsx';
import { theme } from '../../web/src/theme.ts';

export interface ProviderOptions {
  locale?: Locale;
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  session?: Partial<SessionContextValue>;
  /** Wraps in a memory router at this path (element rendered at `routePath`, default '*'). */
  route?: string;
  routePath?: string;
}

const defaultSession: SessionContextValue = {
  isAuthenticated: false,
  viewer: null,
  loading: false,
  openLogin: () => {},
  openRegister: () => {},
  promptLogin: () => {},
  logout: async () => false,
  refresh: async () => {},
};

export function Providers({
  children,
  locale = 'zh-CN',
  mocks,
  session,
}: ProviderOptions & { children: ReactNode }) {
  return (
    <MockedProvider mocks={mocks ?? []} cache={createCache()}>
      <ThemeProvider theme={theme}>
        <LocaleProvider initialLocale={locale}>
          <ToastProvider>
            <ConfirmProvider>
              <LoadingProvider>
                <SessionContext.Provider value={{ ...defaultSession, ...session }}>
                  {children}
                </SessionContext.Provider>
              </LoadingProvider>
            </ConfirmProvider>
          </ToastProvider>
        </LocaleProvider>
      </ThemeProvider>
    </MockedProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  options: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  const { locale, mocks, session, route, routePath = '*', ...rest } = options;
  const element = route
    ? (() => {
        const router = createMemoryRouter([{ path: routePath, element: ui }], { initialEntries: [route] });
        return <RouterProvider router={router} />;
      })()
    : ui;
  return render(
    <Providers locale={locale} mocks={mocks} session={session}>
      {element}
    </Providers>,
    rest,
  );
}
