import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { SkeletonKind } from '../components/Skeleton.tsx';
import { AppLayout, LayoutRouteError } from '../layout/AppLayout.tsx';
import { RootIndex } from './RootIndex.tsx';
import { RootRoute, RouteError } from './RootRoute.tsx';
import { RouteBoundary } from './route-data.tsx';
import type { RouteHandle, RouteMeta } from './route-meta.ts';
import type { RouteServer } from './route-server.ts';

/**
 * Route-level code splitting (each screen is its own chunk, loaded on first visit), and the
 * screen inside its route boundary: `skeleton` while its data loads, a retry panel if it fails.
 */
const page = (load: () => Promise<{ default: ComponentType }>, skeleton: SkeletonKind = 'panel') =>
  (async () => {
    const Screen = (await load()).default;
    return {
      Component: () => (
        <RouteBoundary skeleton={skeleton}>
          <Screen />
        </RouteBoundary>
      ),
    };
  }) as RouteObject['lazy'];

// The back office's screens are routed by the server's menus (menu-routes.tsx), not by this table.
const screenModules = import.meta.glob<{ default: ComponentType }>([
  '../pages/*/*Page.tsx',
  '!../pages/admin/**',
]);
// Only the server render runs these: the browser's build leaves them out.
const serverModules: Record<string, () => Promise<RouteServer>> = import.meta.env.SSR
  ? import.meta.glob<RouteServer>(['../pages/*/*Page.server.ts', './*.server.ts'])
  : {};

/**
 * One screen of the route table, named by its file under src/pages ('goods/GoodsDetailPage'): its
 * lazy chunk, its metadata, the module the server preloads for it and its server module
 * (`GoodsDetailPage.server.ts` beside it, when there is one: critical data and head).
 */
function screen(name: string, skeleton: SkeletonKind, value: Partial<RouteMeta> = {}): RouteObject {
  const load = screenModules[`../pages/${name}.tsx`];
  if (!load) throw new Error(`no screen src/pages/${name}.tsx`);
  const handle: RouteHandle = {
    meta: value,
    module: `src/pages/${name}.tsx`,
    server: serverModules[`../pages/${name}.server.ts`],
  };
  return { handle, lazy: page(load, skeleton) };
}

/**
 * The route table (docs/product.md, "Screens and routes"): the one place that knows the routes.
 * Each route's metadata (title key, layout parts, loading overlay, login) and server module decide
 * what the browser shows and what the server answers (status, head, preloads).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    // the first screen's chunk is loading: nothing yet (the progress bar shows the wait)
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      { path: 'login', ...screen('login/LoginPage', 'panel', { title: 'route.login' }) },
      { path: '404', ...screen('not-found/NotFoundPage', 'panel', { title: 'route.notFound' }) },
      {
        element: <AppLayout />,
        errorElement: <LayoutRouteError />,
        // the layout's lazy floating buttons: the server renders them with every page, so their
        // chunk is preloaded with the page as a screen's is
        handle: { module: 'src/layout/SideButtons.tsx' } satisfies RouteHandle,
        children: [
          { index: true, element: <RootIndex /> },
          { path: 'home', ...screen('home/HomePage', 'grid', { publicScreen: true }) },
          {
            path: 'category',
            ...screen('category/CategoriesPage', 'grid', { title: 'route.categories', publicScreen: true }),
          },
          {
            path: 'category/detail/:cardName',
            ...screen('category/CategoryGoodsPage', 'grid', {
              title: 'route.categoryGoods',
              publicScreen: true,
            }),
          },
          {
            path: 'category/goods-detail/:productId?',
            ...screen('goods/GoodsDetailPage', 'detail', { title: 'route.goodsDetail', publicScreen: true }),
          },
          {
            path: 'category/search-result',
            ...screen('search/SearchResultPage', 'grid', { title: 'route.searchResult', publicScreen: true }),
          },
          {
            path: 'goods/hot',
            ...screen('goods/HotGoodsPage', 'grid', { title: 'route.hot', publicScreen: true }),
          },
          {
            path: 'goods/new',
            ...screen('goods/NewGoodsPage', 'grid', { title: 'route.new', publicScreen: true }),
          },
          {
            path: 'goods/list',
            ...screen('goods/GoodsListPage', 'grid', { title: 'route.goodsList', publicScreen: true }),
          },
          {
            // The optional id lets a bare /goods/detail say 'id缺失！' instead of 404.
            path: 'goods/detail/:productId?',
            ...screen('goods/GoodsDetailPage', 'detail', {
              title: 'route.goodsDetail',
              showSearch: false,
              publicScreen: true,
            }),
          },
          {
            // the bare root lands on the user's first menu path
            path: 'user/center/:menuKey?',
            ...screen('user-center/UserCenterPage', 'list', {
              title: 'route.userCenter',
              showSearch: false,
              showCart: false,
              showTabBar: false,
              requiresAuth: true,
            }),
          },
          {
            // The shopper's order detail (list and pay result link here); its own lazy chunk.
            path: 'user/center/orders/:orderId',
            ...screen('order/OrderDetailPage', 'detail', {
              title: 'route.userCenter',
              showSearch: false,
              showCart: false,
              requiresAuth: true,
            }),
          },
          { path: 'cart', ...screen('cart/CartPage', 'list', { title: 'route.cart', requiresAuth: true }) },
          {
            path: 'order/confirm',
            ...screen('order/ConfirmOrderPage', 'list', { title: 'route.confirmOrder', requiresAuth: true }),
          },
          {
            path: 'order/pay-result',
            ...screen('order/PayResultPage', 'panel', {
              title: 'route.payResult',
              requiresAuth: true,
              loading: false,
            }),
          },
          {
            path: 'no-authority',
            ...screen('no-authority/NoAuthorityPage', 'panel', {
              title: 'route.noAuthority',
              showTabBar: false,
            }),
          },
          {
            // Everything else: routes from the server's menus (back office, …), else /no-authority or /404.
            path: '*',
            handle: {
              meta: { ownTitle: true, showSearch: false, showCart: false, showTabBar: false },
              module: 'src/app/menu-routes.tsx',
              server: serverModules['./menu-routes.server.ts'],
            } satisfies RouteHandle,
            lazy: page(() => import('./menu-routes.tsx')),
          },
        ],
      },
    ],
  },
];
