import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminOrderDetailDocument,
  AdminOrdersDocument,
  OrdersPanelDocument,
  UserCenterMenusDocument,
} from '../../web/src/__generated__/graphql.ts';
import MenuRoutes, {
  buildMenuRoutes,
  isMenuScreenPath,
  MENU_SCREENS,
} from '../../web/src/app/menu-routes.tsx';
import {
  firstVisiblePath,
  highlightedPath,
  isPermittedPath,
  landingPath,
  processMenus,
  resolveMenuPath,
} from '../../web/src/app/menu-tree.ts';
import UserCenterPage from '../../web/src/pages/user-center/UserCenterPage.tsx';
import { renderApp } from './app-harness.tsx';
import { cartCountMock, sessionMock, shellMock } from './fixtures.ts';
import {
  ADMIN_BUTTONS,
  accountSession,
  adminOrder,
  backOfficeMenu,
  buttonsMock,
  centreMenu,
  menu,
  menusMock,
  page,
} from './menu-fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { renderInAct, withRouteBoundary } from './route-screen.tsx';
import { gatewayError } from './shop-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const adminOrdersMock = (records = [adminOrder('1', 'PAID')]) => ({
  request: { query: AdminOrdersDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { adminOrders: page('OrderPage', records) } },
});

const adminMocks = (menus = [centreMenu(), backOfficeMenu()]) => [
  accountSession({ admin: true }),
  shellMock(),
  menusMock(menus, ADMIN_BUTTONS),
  buttonsMock(ADMIN_BUTTONS),
  adminOrdersMock(),
];

describe('menu tree rules (docs/product.md, Server menus)', () => {
  it('drops disabled items with their subtree, and buttons', () => {
    const processed = processMenus([
      centreMenu([
        menu('UserCenterInfo', '/user/center/info', '我的信息', { isEnabled: false }),
        menu('UserCenterOrders', '/user/center/orders', '我的订单', {
          children: [menu('OrderPay', '/user/center/orders', '支付', { type: 'BUTTON' })],
        }),
      ]),
      { ...backOfficeMenu(), isEnabled: false },
    ]);
    expect(processed.tree.map((item) => item.routerPath)).toEqual(['/user/center']);
    expect(processed.tree[0].children.map((item) => item.routerPath)).toEqual(['/user/center/orders']);
    expect(processed.tree[0].children[0].children).toEqual([]);
    expect(isPermittedPath(processed, '/user/center/info')).toBe(false);
    expect(isPermittedPath(processed, '/admin/orders')).toBe(false);
  });

  it('routes hidden items without listing them, and highlights their highlightMenu', () => {
    const processed = processMenus([backOfficeMenu()]);
    const routes = buildMenuRoutes(processed);
    expect(routes.map((route) => [route.path, route.routerName])).toEqual([
      ['/admin', 'Admin'],
      ['/admin/orders', 'AdminOrders'],
      ['/admin/refunds', 'AdminRefunds'],
      ['/admin/orders/:orderId', 'AdminOrderDetail'],
    ]);
    expect(routes[0]).toMatchObject({ redirect: '/admin/orders', screen: null });
    const detail = routes[3];
    expect(detail.screen).toBe(MENU_SCREENS.AdminOrderDetail);
    expect(detail.highlight).toBe('/admin/orders');
    expect(highlightedPath(processed, '/admin/orders/42')).toBe('/admin/orders');
    expect(highlightedPath(processed, '/admin/refunds')).toBe('/admin/refunds');
    // hidden: routable, never a landing or fallback target
    expect(firstVisiblePath(processed.tree, processed.permittedPaths)).toBe('/admin/orders');
  });

  it('does not route items whose routerName has no screen', () => {
    const processed = processMenus([
      backOfficeMenu([
        menu('AdminOrders', '/admin/orders', '待发货订单'),
        menu('AdminMystery', '/admin/mystery', '神秘页面'),
      ]),
    ]);
    const paths = buildMenuRoutes(processed).map((route) => route.path);
    expect(paths).toContain('/admin/orders');
    expect(paths).not.toContain('/admin/mystery');
  });

  it('replaces a redirect that is not permitted by the first visible permitted child', () => {
    const processed = processMenus([
      backOfficeMenu([
        menu('AdminOrders', '/admin/orders', '待发货订单', { isEnabled: false }),
        menu('AdminOrderDetail', '/admin/orders/:orderId', '订单详情', { isHidden: true }),
        menu('AdminRefunds', '/admin/refunds', '退款审核'),
      ]),
    ]);
    expect(processed.tree[0].redirect).toBe('/admin/refunds');
    expect(resolveMenuPath(processed, '/admin/orders', '/admin')).toBe('/admin/refunds');
  });

  it('lands a user with menus on the first menu path', () => {
    expect(landingPath(processMenus([centreMenu(), backOfficeMenu()]))).toBe('/user/center/info');
    expect(landingPath(processMenus([{ ...centreMenu(), isEnabled: false }, backOfficeMenu()]))).toBe(
      '/admin/orders',
    );
    expect(landingPath(processMenus([]))).toBeNull();
  });

  it('knows which paths are screens of the app at all', () => {
    expect(isMenuScreenPath('/admin/orders')).toBe(true);
    expect(isMenuScreenPath('/admin/orders/12')).toBe(true);
    expect(isMenuScreenPath('/admin/refunds')).toBe(true);
    expect(isMenuScreenPath('/admin/nothing')).toBe(false);
  });
});

describe('routes from the server menus in the app', () => {
  it('opens a menu screen with its section menu and the menu name as title', async () => {
    const { router } = await renderInAct(() => renderApp('/admin/orders', { mocks: adminMocks() }));
    expect(
      await screen.findByRole('heading', { level: 1, name: '待发货订单' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '后台管理' });
    expect(within(nav).getByRole('link', { name: '待发货订单' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: '订单详情' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('待发货订单 - 乐购商城'));
    expect(router.state.location.pathname).toBe('/admin/orders');
  });

  it('follows a section redirect (/admin → its first screen)', async () => {
    const { router } = await renderInAct(() => renderApp('/admin', { mocks: adminMocks() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
  });

  it('follows the fallback when the redirect target is disabled', async () => {
    const menus = [
      backOfficeMenu([
        menu('AdminOrders', '/admin/orders', '待发货订单', { isEnabled: false }),
        menu('AdminRefunds', '/admin/refunds', '退款审核'),
      ]),
    ];
    const { router } = await renderInAct(() => renderApp('/admin', { mocks: [...adminMocks(menus)] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/refunds'));
  });

  it('highlights 待发货订单 on the hidden order detail route', async () => {
    // no such order: the screen says so itself, under its section menu
    const missing = {
      request: { query: AdminOrderDetailDocument, variables: { id: '7' } },
      result: { errors: [gatewayError('NOT_FOUND', '订单不存在')] },
    };
    await renderInAct(() => renderApp('/admin/orders/7', { mocks: [...adminMocks(), missing] }));
    const nav = await screen.findByRole('navigation', { name: '后台管理' });
    expect(within(nav).getByRole('link', { name: '待发货订单' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '退款审核' })).not.toHaveAttribute('aria-current');
  });

  it("refuses a shopper a back-office URL with '无访问权限' (toast and screen)", async () => {
    const { router } = await renderInAct(() =>
      renderApp('/admin/orders', {
        mocks: [sessionMock(true), shellMock(), menusMock([centreMenu()])],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-authority'));
    expect(await screen.findByRole('heading', { name: 'screen:no-authority' })).toBeInTheDocument();
  });

  it('sends a disabled screen to /no-authority and an unknown path to /404', async () => {
    const menus = [backOfficeMenu([menu('AdminOrders', '/admin/orders', '待发货订单')])];
    const first = await renderInAct(() => renderApp('/admin/refunds', { mocks: adminMocks(menus) }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/no-authority'));
    first.unmount();
    const second = await renderInAct(() => renderApp('/admin/mystery', { mocks: adminMocks() }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });

  it('sends a visitor on a back-office URL to log in, keeping the place', async () => {
    const { router } = await renderInAct(() =>
      renderApp('/admin/refunds', { mocks: [sessionMock(false), shellMock()] }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/refunds')}`);
  });

  it('logs out when the menus cannot be loaded', async () => {
    const logout = vi.fn(async () => true);
    await renderInAct(() =>
      renderWithProviders(withRouteBoundary(<MenuRoutes />), {
        route: '/admin/orders',
        mocks: [{ request: { query: UserCenterMenusDocument }, error: new Error('down') }],
        session: { isAuthenticated: true, logout },
      }),
    );
    await waitFor(() => expect(logout).toHaveBeenCalledWith({ confirm: false }));
  });
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const noOrdersMock = {
  request: { query: OrdersPanelDocument, variables: { status: null, page: { pageNum: 1, pageSize: 15 } } },
  result: { data: { orders: { __typename: 'OrderPage', records: [], total: 0, pageNum: 1, pageSize: 15 } } },
};

describe('personal centre root', () => {
  const renderRoot = (menus: ReturnType<typeof centreMenu>[]) =>
    renderInAct(() =>
      renderWithProviders(
        <Routes>
          <Route path="/user/center/:menuKey?" element={withRouteBoundary(<UserCenterPage />)} />
          <Route path="*" element={<Where />} />
        </Routes>,
        { route: '/user/center', mocks: [menusMock(menus), noOrdersMock] },
      ),
    );

  it('lands on the first menu path', async () => {
    await renderRoot([
      centreMenu([
        menu('UserCenterInfo', '/user/center/info', '我的信息', { isEnabled: false }),
        menu('UserCenterOrders', '/user/center/orders', '我的订单'),
      ]),
    ]);
    // the centre's redirect (/user/center/info) is disabled: its first visible child instead
    expect(await screen.findByRole('link', { name: '我的订单' })).toHaveAttribute('aria-current', 'page');
  });

  it('lands on the back office when the centre is not among the menus', async () => {
    await renderRoot([{ ...centreMenu(), isEnabled: false }, backOfficeMenu()]);
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/orders');
  });
});

describe('the root route (docs/product.md, Screens and routes)', () => {
  it('lands a user whose menus begin with the back office on its first menu path', async () => {
    const { router } = await renderInAct(() => renderApp('/', { mocks: adminMocks([backOfficeMenu()]) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
  });

  it('keeps shoppers (menus beginning with the personal centre) on /home', async () => {
    const { router } = await renderInAct(() =>
      renderApp('/', { mocks: [...adminMocks(), cartCountMock(0)] }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 4000 });
    expect(await screen.findByRole('heading', { name: 'screen:home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends a visitor to /home', async () => {
    const { router } = await renderInAct(() => renderApp('/', { mocks: [sessionMock(false), shellMock()] }));
    expect(await screen.findByRole('heading', { name: 'screen:home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
