/**
 * Rendering helpers for the shop screens' tests: the app's providers around a screen, with
 * Apollo mocks on the storefront's real cache (type policies included), a memory router and a
 * probe that shows where the screen navigated to.
 */
import type { InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { createCache } from '../../web/src/app/type-policies.ts';
import type { SessionContextValue } from '../../web/src/auth/session-context.ts';
import type { Locale } from '../../web/src/i18n/LocaleProvider.tsx';
import { Providers } from './render.tsx';

export interface ShopRenderOptions {
  locale?: Locale;
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  session?: Partial<SessionContextValue>;
  /** The URL to open. */
  route?: string;
  /** The route pattern the screen is mounted at (default '*'). */
  path?: string;
  cache?: InMemoryCache;
}

export const signedIn: Partial<SessionContextValue> = {
  isAuthenticated: true,
  viewer: { id: '2', account: 'demo', name: 'demo' },
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderShop(ui: ReactElement, options: ShopRenderOptions = {}) {
  const { locale = 'zh-CN', mocks = [], session, route = '/', path = '*' } = options;
  const cache = options.cache ?? createCache();
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [route] },
  );
  const utils = render(
    <Providers locale={locale} mocks={mocks} session={session} cache={cache}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, cache };
}
