/**
 * Test helpers for web component tests: the app's providers (theme, locale, toast, confirm,
 * loading, session) around a component, with an optional memory router and Apollo mocks.
 */
import type { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../web/src/app/App.tsx';
import { createCache } from '../../web/src/app/type-policies.ts';
import {
  SessionContext,
  type SessionContextValue,
  VISITOR_SESSION,
} from '../../web/src/auth/session-context.ts';
import type { Locale } from '../../web/src/i18n/LocaleProvider.tsx';
import { MockedProvider } from './masked-provider.tsx';

export interface ProviderOptions {
  locale?: Locale;
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  session?: Partial<SessionContextValue>;
  /** Wraps in a memory router at this path (element rendered at `routePath`, default '*'). */
  route?: string;
  routePath?: string;
}

/** The app's providers with Apollo mocks (on `cache`, default a fresh storefront cache) and a session. */
export function Providers({
  children,
  locale = 'zh-CN',
  mocks,
  session,
  cache,
}: ProviderOptions & { children: ReactNode; cache?: InMemoryCache }) {
  return (
    <MockedProvider mocks={mocks ?? []} cache={cache ?? createCache()}>
      <AppProviders locale={locale}>
        <SessionContext.Provider value={{ ...VISITOR_SESSION, ...session }}>
          {children}
        </SessionContext.Provider>
      </AppProviders>
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
