import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ShellDocument } from '../__generated__/graphql.ts';
import { useQuery } from '../app/query.ts';
import { RouteErrorPanel } from '../app/RootRoute.tsx';
import { useRouteMeta } from '../app/route-meta.ts';
import { loginPath } from '../auth/redirect.ts';
import { useSessionContext } from '../auth/session-context.ts';
import { useSession } from '../auth/useRequireLogin.ts';
import { LoadingOverlay, useLoadingCounter } from '../components/LoadingOverlay.tsx';
import { mobileQuery } from '../theme.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { ScreenSlot } from './ScreenSlot.tsx';
import './messages.ts'; // the header's, footer's and side buttons' texts

/**
 * The tab bar shows on phones only, and the floating 客服 / TOP buttons matter only once a page is
 * read: each is a chunk of its own, kept out of the first load's budget (the server still renders
 * them into the page, which hydrates them once their chunk is in).
 */
const TabBar = lazy(() => import('./TabBar.tsx'));
const SideButtons = lazy(() => import('./SideButtons.tsx').then((m) => ({ default: m.SideButtons })));

/** Only accounts that still have their initial password download the prompt. */
const DefaultPasswordBanner = lazy(() => import('../auth/DefaultPasswordBanner.tsx'));

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.background};
`;

const Main = styled.main<{ $tabBar: boolean }>`
  position: relative;
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth}px;
  margin: 0 auto;
  padding: 16px;
  &:focus {
    outline: none;
  }
  ${mobileQuery} {
    padding: 8px ${({ theme }) => theme.layout.sideButtonsGutter}px
      ${({ theme, $tabBar }) => ($tabBar ? theme.layout.tabBarHeight + 8 : 8)}px 8px;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.progress};
  background: ${({ theme }) => theme.colors.surface};
  padding: 8px 12px;
  &:focus {
    left: 8px;
  }
`;

/**
 * The common layout of every route except /login and /404: header, search bar, footer, tab bar
 * and side buttons, shown or hidden per route metadata; the page loading overlay (500 ms delay).
 * `content` takes the matched screen's place (a route's failure).
 */
export function AppLayout({ content: shown }: { content?: ReactNode }) {
  const intl = useIntl();
  const meta = useRouteMeta();
  const location = useLocation();
  const { isAuthenticated, loading: sessionLoading } = useSession();
  const { defaultPassword } = useSessionContext();
  const { count } = useLoadingCounter();
  const { data } = useQuery(ShellDocument);
  const shopName = data?.config.shopName || intl.formatMessage({ id: 'app.siteTitle' });

  let content = shown ?? <Outlet />;
  if (!shown && meta.requiresAuth && !isAuthenticated) {
    // The server redirects a visitor's page request (web/src/entry-server.tsx); this is a session
    // that ended on the page, or a client-side navigation.
    content = sessionLoading ? (
      <LoadingOverlay active />
    ) : (
      <Navigate to={loginPath(location.pathname + location.search)} replace />
    );
  }

  return (
    <Shell>
      <SkipLink href="#main-content">{intl.formatMessage({ id: 'layout.skipToContent' })}</SkipLink>
      <Header config={data?.config} showSearch={meta.showSearch} showCart={meta.showCart} />
      {defaultPassword && (
        <Suspense fallback={null}>
          <DefaultPasswordBanner />
        </Suspense>
      )}
      <Main id="main-content" tabIndex={-1} $tabBar={meta.showTabBar}>
        <ScreenSlot>
          <Suspense fallback={<LoadingOverlay active={meta.loading} />}>{content}</Suspense>
        </ScreenSlot>
        {meta.loading && <LoadingOverlay active={count > 0} />}
      </Main>
      <Footer shopName={shopName} />
      {meta.showTabBar && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SideButtons customerService={data?.settings.customerService} />
      </Suspense>
    </Shell>
  );
}

/**
 * A route under the common layout that failed to load or render (its chunk is gone, the network
 * is down): the header, navigation and footer stay, the failure and its retry in the main area.
 */
export function LayoutRouteError() {
  return <AppLayout content={<RouteErrorPanel />} />;
}
