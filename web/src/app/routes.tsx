import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { SkeletonKind } from '../components/Skeleton.tsx';
import { AppLayout, LayoutRouteError } from '../layout/AppLayout.tsx';
import { RootIndex } from './RootIndex.tsx';
import { RootRoute, RouteError } from './RootRoute.tsx';
import { RouteBoundary } from './route-data.tsx';
import type { RouteHandle, RouteMeta } from './route-meta.ts';

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

const meta = (value: Partial<RouteMeta>): RouteHandle => ({ meta: value });

const goodsDetail = page(() => import('../pages/goods/GoodsDetailPage.tsx'), 'detail');

/** The route table (docs/product.md, "Screens and routes"), with each route's metadata (title key, layout parts, loading overlay). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    // the first screen's chunk is loading: nothing yet (the progress bar shows the wait)
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        path: 'login',
        handle: meta({ title: 'route.login' }),
        lazy: page(() => import('../pages/login/LoginPage.tsx')),
      },
      {
        path: '404',
        handle: meta({ title: 'route.notFound' }),
        lazy: page(() => import('../pages/not-found/NotFoundPage.tsx')),
      },
      {
        element: <AppLayout />,
        errorElement: <LayoutRouteError />,
        children: [
          { index: true, element: <RootIndex /> },
          { path: 'home', handle: meta({}), lazy: page(() => import('../pages/home/HomePage.tsx'), 'grid') },
          {
            path: 'category',
            handle: meta({ title: 'route.categories' }),
            lazy: page(() => import('../pages/category/CategoriesPage.tsx'), 'grid'),
          },
          {
            path: 'category/detail/:cardName',
            handle: meta({ title: 'route.categoryGoods' }),
            lazy: page(() => import('../pages/category/CategoryGoodsPage.tsx'), 'grid'),
          },
          {
            path: 'category/goods-detail/:productId?',
            handle: meta({ title: 'route.goodsDetail' }),
            lazy: goodsDetail,
          },
          {
            path: 'category/search-result',
            handle: meta({ title: 'route.searchResult' }),
            lazy: page(() => import('../pages/search/SearchResultPage.tsx'), 'grid'),
          },
          {
            path: 'goods/hot',
            handle: meta({ title: 'route.hot' }),
            lazy: page(() => import('../pages/goods/HotGoodsPage.tsx'), 'grid'),
          },
          {
            path: 'goods/new',
            handle: meta({ title: 'route.new' }),
            lazy: page(() => import('../pages/goods/NewGoodsPage.tsx'), 'grid'),
          },
          {
            path: 'goods/list',
            handle: meta({ title: 'route.goodsList' }),
            lazy: page(() => import('../pages/goods/GoodsListPage.tsx'), 'grid'),
          },
          {
            // The optional id lets a bare /goods/detail say 'id缺失！' instead of 404.
            path: 'goods/detail/:productId?',
            handle: meta({ title: 'route.goodsDetail', showSearch: false }),
            lazy: goodsDetail,
          },
          {
            // the bare root lands on the user's first menu path
            path: 'user/center/:menuKey?',
            handle: meta({
              title: 'route.userCenter',
              showSearch: false,
              showCart: false,
              showTabBar: false,
              requiresAuth: true,
            }),
            lazy: page(() => import('../pages/user-center/UserCenterPage.tsx'), 'list'),
          },
          {
            // The shopper's order detail (list and pay result link here); its own lazy chunk.
            path: 'user/center/orders/:orderId',
            handle: meta({
              title: 'route.userCenter',
              showSearch: false,
              showCart: false,
              requiresAuth: true,
            }),
            lazy: page(() => import('../pages/order/OrderDetailPage.tsx'), 'detail'),
          },
          {
            path: 'cart',
            handle: meta({ title: 'route.cart', requiresAuth: true }),
            lazy: page(() => import('../pages/cart/CartPage.tsx'), 'list'),
          },
          {
            path: 'order/confirm',
            handle: meta({ title: 'route.confirmOrder', requiresAuth: true }),
            lazy: page(() => import('../pages/order/ConfirmOrderPage.tsx'), 'list'),
          },
          {
            path: 'order/pay-result',
            handle: meta({ title: 'route.payResult', requiresAuth: true, loading: false }),
            lazy: page(() => import('../pages/order/PayResultPage.tsx')),
          },
          {
            path: 'no-authority',
            handle: meta({ title: 'route.noAuthority', showTabBar: false }),
            lazy: page(() => import('../pages/no-authority/NoAuthorityPage.tsx')),
          },
          {
            // Everything else: routes from the server's menus (back office, …), else /no-authority or /404.
            path: '*',
            handle: meta({ ownTitle: true, showSearch: false, showCart: false, showTabBar: false }),
            lazy: page(() => import('./menu-routes.tsx')),
          },
        ],
      },
    ],
  },
];
