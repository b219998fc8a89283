import { skipToken } from '@apollo/client/react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { matchPath, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { UserCenterMenusDocument } from '../__generated__/graphql.ts';
import { loginPath } from '../auth/redirect.ts';
import { useSessionContext } from '../auth/session-context.ts';
import { useTrackLoading } from '../components/LoadingOverlay.tsx';
import { Skeleton, type SkeletonKind } from '../components/Skeleton.tsx';
import { MenuSection } from '../layout/MenuSection.tsx';
import { NotFound } from '../pages/not-found/NotFoundPage.tsx';
import { flattenMenus, type MenuNode, type ProcessedMenu, processMenus } from './menu-tree.ts';
import { useDocumentTitle } from './NavigationEffects.tsx';
import { useRouteQuery } from './route-data.tsx';

/** A screen the server's menus may route to. */
export interface MenuScreen {
  /** Where the screen lives: a signed-in user whose menus lack it gets '无访问权限', not 404. */
  path: string;
  Component: ComponentType;
  /** What shows while the screen's chunk and data load. */
  skeleton: SkeletonKind;
}

/**
 * routerName → screen (each its own lazy chunk). A menu item whose routerName is not here is not
 * routed. The personal centre's items are panels of /user/center/:menuKey (UserCenterPage).
 */
export const MENU_SCREENS: Record<string, MenuScreen> = {
  AdminOrders: {
    path: '/admin/orders',
    Component: lazy(() => import('../pages/admin/AdminOrdersPage.tsx')),
    skeleton: 'list',
  },
  AdminOrderDetail: {
    path: '/admin/orders/:orderId',
    Component: lazy(() => import('../pages/admin/AdminOrderDetailPage.tsx')),
    skeleton: 'detail',
  },
  AdminRefunds: {
    path: '/admin/refunds',
    Component: lazy(() => import('../pages/admin/AdminRefundsPage.tsx')),
    skeleton: 'list',
  },
  AdminCategories: {
    path: '/admin/categories',
    Component: lazy(() => import('../pages/admin/categories/AdminCategoriesPage.tsx')),
    skeleton: 'list',
  },
  AdminHomeCards: {
    path: '/admin/home-cards',
    Component: lazy(() => import('../pages/admin/home-cards/AdminHomeCardsPage.tsx')),
    skeleton: 'list',
  },
  AdminProducts: {
    path: '/admin/products',
    Component: lazy(() => import('../pages/admin/products/AdminProductsPage.tsx')),
    skeleton: 'list',
  },
  AdminImport: {
    path: '/admin/import',
    Component: lazy(() => import('../pages/admin/import/AdminImportPage.tsx')),
    skeleton: 'panel',
  },
  AdminProductEditor: {
    path: '/admin/products/:productId',
    Component: lazy(() => import('../pages/admin/products/AdminProductEditorPage.tsx')),
    skeleton: 'detail',
  },
};

/** One route built from a menu item. */
export interface MenuRouteEntry {
  path: string;
  routerName: string;
  /** The (translated) menu name: the page title. */
  title: string;
  /** Where the item sends the user (a section root), already fixed by processMenus. */
  redirect: string | null;
  /** The screen to show, when the routerName is registered. */
  screen: MenuScreen | null;
  /** The listed menu path to highlight on this route. */
  highlight: string;
  /** The top-level section the item belongs to (its side menu). */
  section: MenuNode & { children: MenuNode[] };
}

/**
 * The routes the user's menus give (docs/product.md, "Server menus"): every enabled item — hidden ones too — whose
 * routerName has a screen, plus section roots that redirect. Unknown routerNames give nothing.
 */
export function buildMenuRoutes(
  processed: ProcessedMenu,
  screens: Record<string, MenuScreen> = MENU_SCREENS,
): MenuRouteEntry[] {
  const entries: MenuRouteEntry[] = [];
  for (const section of processed.tree) {
    for (const item of flattenMenus([section])) {
      const screen = screens[item.routerName] ?? null;
      const redirect = screen ? null : item.redirect;
      if (!screen && !redirect) continue;
      entries.push({
        path: item.routerPath,
        routerName: item.routerName,
        title: item.name,
        redirect: redirect ?? null,
        screen,
        highlight: item.highlightMenu || item.routerPath,
        section,
      });
    }
  }
  return entries;
}

/** Whether `pathname` is a screen of the app at all (someone's menus may route to it). */
export function isMenuScreenPath(
  pathname: string,
  screens: Record<string, MenuScreen> = MENU_SCREENS,
): boolean {
  return Object.values(screens).some((screen) => matchPath({ path: screen.path, end: true }, pathname));
}

function TitledScreen({ entry, children }: { entry: MenuRouteEntry; children: ReactNode }) {
  useDocumentTitle(entry.title);
  return children;
}

/**
 * While a menu screen's chunk and data load: its skeleton under the section menu, counted by the
 * page loading overlay like the route's own fallback. Its failures go to the route's boundary.
 */
function ScreenFallback({ kind }: { kind: SkeletonKind }) {
  useTrackLoading(true);
  return <Skeleton kind={kind} />;
}

function toRouteObject(entry: MenuRouteEntry): RouteObject {
  if (!entry.screen) return { path: entry.path, element: <Navigate to={entry.redirect ?? '/404'} replace /> };
  const { Component, skeleton } = entry.screen;
  return {
    path: entry.path,
    element: (
      <TitledScreen entry={entry}>
        <MenuSection section={entry.section} highlight={entry.highlight}>
          <Suspense fallback={<ScreenFallback kind={skeleton} />}>
            <Component />
          </Suspense>
        </MenuSection>
      </TitledScreen>
    ),
  };
}

/**
 * A path nobody's menus route: the not-found page where it was asked for (the server answers it
 * with 404 and the same HTML), then the browser moves to /404 (docs/product.md, "Screens and routes").
 */
function NotFoundInPlace({ from }: { from: string }) {
  const navigate = useNavigate();
  // An effect, as <Navigate> is, but without its warning on every server render of the page.
  useEffect(() => {
    navigate('/404', { replace: true, state: { from } });
  }, [navigate, from]);
  return <NotFound embedded />;
}

/**
 * Every path the static table does not know: the server's menus route it (back office, …), a
 * known screen the menus do not give goes to /no-authority ('无访问权限'), anything else to /404.
 * Visitors on a known screen are sent to log in. A failed menu load logs out.
 */
export default function MenuRoutes() {
  const location = useLocation();
  const { isAuthenticated, loading: sessionLoading, logout } = useSessionContext();
  // The menus load with the route (its skeleton); a refusal is handled here: it logs out.
  const { data, error } = useRouteQuery(
    UserCenterMenusDocument,
    isAuthenticated ? { errorPolicy: 'all' } : skipToken,
  );
  const known = isMenuScreenPath(location.pathname);

  useEffect(() => {
    // A failed or refused menu load logs out (docs/product.md, "Server menus").
    if (error || (data && !data.resources)) void logout({ confirm: false });
  }, [data, error, logout]);

  const routes = useMemo<RouteObject[]>(() => {
    const entries = data?.resources ? buildMenuRoutes(processMenus(data.resources.menus)) : [];
    return [
      ...entries.map(toRouteObject),
      {
        path: '*',
        element: known ? (
          <Navigate to="/no-authority" replace state={{ from: location.pathname }} />
        ) : (
          <NotFoundInPlace from={location.pathname} />
        ),
      },
    ];
  }, [data, known, location.pathname]);
  const element = useRoutes(routes);

  if (!isAuthenticated) {
    // the session is still being read: the screen's skeleton, never the visitor's redirect
    if (sessionLoading) return <ScreenFallback kind="list" />;
    if (!known) return <NotFoundInPlace from={location.pathname} />;
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  if (error) return null;
  return element;
}
