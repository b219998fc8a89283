/**
 * Renders the real route table (with the real root route, layout and metadata) in a memory
 * router; each screen is replaced by a stub heading so layout tests do not depend on the pages
 * (the catch-all menu routing stays real: its menu screens are the real lazy pages).
 */
import type { MockLink } from '@apollo/client/testing';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../web/src/app/App.tsx';
import { createCache } from '../../web/src/app/apollo.ts';
import { routes } from '../../web/src/app/routes.tsx';
import type { Locale } from '../../web/src/i18n/LocaleProvider.tsx';
import { MockedProvider } from './masked-provider.tsx';

/** A screen's own loader, by route path, in place of its stub (e.g. one whose chunk fails). */
type Screens = Record<string, RouteObject['lazy']>;

function stub(route: RouteObject, screens: Screens = {}): RouteObject {
  const copy = { ...route } as RouteObject;
  const own = copy.path ? screens[copy.path] : undefined;
  if (own) copy.lazy = own;
  // the catch-all is routing logic (menu routes, /no-authority, /404), not a screen: keep it real
  else if (copy.lazy && copy.path !== '*') {
    const name = copy.path ?? 'index';
    delete copy.lazy;
    copy.Component = () => <h1>{`screen:${name}`}</h1>;
  }
  if (copy.children) copy.children = copy.children.map((child) => stub(child, screens));
  return copy;
}

export function renderApp(
  path: string,
  {
    mocks,
    locale = 'zh-CN',
    screens,
  }: { mocks: ReadonlyArray<MockLink.MockedResponse>; locale?: Locale; screens?: Screens },
) {
  const router = createMemoryRouter(
    routes.map((route) => stub(route, screens)),
    { initialEntries: [path] },
  );
  const utils = render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <AppProviders locale={locale}>
        <RouterProvider router={router} />
      </AppProviders>
    </MockedProvider>,
  );
  return { ...utils, router };
}
