/**
 * The menu screens' chrome (personal centre, back office): the shop's layout settings
 * (fixedHeader, sidebarLogo, showSettings), the sidebar's open state in its cookie, the device
 * type, and isAlwaysShow.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminOrdersDocument, AdminRefundsDocument } from '../../web/src/__generated__/graphql.ts';
import { menuEntries } from '../../web/src/app/menu-entries.ts';
import { processMenus } from '../../web/src/app/menu-tree.ts';
import { sidebarOpenedFromHeader } from '../../web/src/layout/layout-store.ts';
import { MenuSection } from '../../web/src/layout/MenuSection.tsx';
import { renderApp } from './app-harness.tsx';
import { cartCountMock, type SEEDED_LAYOUT, sessionMock, shellMock } from './fixtures.ts';
import {
  ADMIN_BUTTONS,
  accountSession,
  adminOrder,
  backOfficeMenu,
  buttonsMock,
  centreMenu,
  type MenuFixture,
  menu,
  menusMock,
  page,
} from './menu-fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { clickInAct } from './route-screen.tsx';

const adminOrdersMock = {
  request: { query: AdminOrdersDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { adminOrders: page('OrderPage', [adminOrder('1', 'PAID')]) } },
};

/** The refunds list the phone test navigates to (an empty page of refunds). */
const adminRefundsMock = {
  request: { query: AdminRefundsDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: { data: { adminRefunds: page('RefundPage', []) } },
};

const backOffice = (layout: Partial<typeof SEEDED_LAYOUT> = {}, menus = [centreMenu(), backOfficeMenu()]) =>
  renderApp('/admin/orders', {
    mocks: [
      accountSession({ admin: true }),
      shellMock('legou-service', layout),
      menusMock(menus, ADMIN_BUTTONS),
      buttonsMock(ADMIN_BUTTONS),
      adminOrdersMock,
      adminRefundsMock,
    ],
  });

/**
 * The page's header (the back-office order rows have headers of their own); `hidden`, since it is
 * also read behind the open settings dialog, which hides the page from assistive technology.
 */
const pageHeader = () =>
  screen.getByRole('navigation', { name: '主导航', hidden: true }).closest('header') as HTMLElement;

/**
 * Whether a style rule releases the page header (position: relative). jsdom's computed style
 * ignores selector specificity, so the rules that match the header are read instead.
 */
const headerReleased = () =>
  Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules))
    .some(
      (rule) =>
        rule instanceof CSSStyleRule &&
        !rule.selectorText.startsWith('.') &&
        pageHeader().matches(rule.selectorText) &&
        rule.style.position === 'relative',
    );
const menuToggle = () => screen.findByRole('button', { name: '菜单' }, { timeout: 4000 });
const sidebar = () => screen.queryByRole('navigation', { name: '后台管理' });

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => resizeTo(1024));

describe('isAlwaysShow (a single child stands in for its parent unless the parent asks to stay)', () => {
  const single = (): MenuFixture => centreMenu([menu('UserCenterInfo', '/user/center/info', '我的信息')]);

  it('keeps the parent with its child nested when isAlwaysShow is true', () => {
    const [entry] = menuEntries(processMenus([{ ...single(), isAlwaysShow: true }]).tree);
    expect(entry.kind).toBe('group');
    expect(entry.item.routerPath).toBe('/user/center');
    expect(entry.kind === 'group' && entry.children.map((child) => child.item.routerPath)).toEqual([
      '/user/center/info',
    ]);
  });

  it('lists the single child in the parent’s place when isAlwaysShow is false', () => {
    const [entry] = menuEntries(processMenus([{ ...single(), isAlwaysShow: false }]).tree);
    expect(entry).toMatchObject({ kind: 'link', item: { routerPath: '/user/center/info' } });
  });

  it('counts only listed children: a hidden sibling leaves a single child', () => {
    const tree = processMenus([
      backOfficeMenu([
        menu('AdminOrders', '/admin/orders', '待发货订单'),
        menu('AdminOrderDetail', '/admin/orders/:orderId', '订单详情', { isHidden: true }),
      ]),
    ]).tree;
    expect(menuEntries(tree)).toMatchObject([{ kind: 'link', item: { routerPath: '/admin/orders' } }]);
    const kept = processMenus([{ ...backOfficeMenu(), isAlwaysShow: true }]).tree;
    expect(menuEntries(kept)[0].kind).toBe('group');
  });

  it('applies the rule one level down too', () => {
    const nested = (isAlwaysShow: boolean) =>
      backOfficeMenu([
        menu('AdminOrders', '/admin/orders', '待发货订单'),
        menu('AdminShop', '/admin/shop', '店铺', {
          isAlwaysShow,
          children: [menu('AdminNotices', '/admin/shop/notices', '公告')],
        }),
      ]);
    const [withParent] = menuEntries(processMenus([nested(true)]).tree);
    expect(withParent.kind === 'group' && withParent.children[1]).toMatchObject({
      kind: 'group',
      item: { routerPath: '/admin/shop' },
    });
    const [without] = menuEntries(processMenus([nested(false)]).tree);
    expect(without.kind === 'group' && without.children[1]).toMatchObject({
      kind: 'link',
      item: { routerPath: '/admin/shop/notices' },
    });
  });

  it('the sidebar shows the section heading over its single child only with isAlwaysShow', async () => {
    const section = (isAlwaysShow: boolean) => ({
      ...centreMenu([menu('UserCenterInfo', '/user/center/info', '我的信息')]),
      isAlwaysShow,
    });
    const kept = renderWithProviders(
      <MenuSection section={section(true)} highlight="/user/center/info">
        <p>panel</p>
      </MenuSection>,
      { route: '/user/center/info', mocks: [shellMock()] },
    );
    const nav = screen.getByRole('navigation', { name: '个人中心' });
    expect(within(nav).getByRole('heading', { name: '个人中心' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '我的信息' })).toHaveAttribute('aria-current', 'page');
    kept.unmount();

    renderWithProviders(
      <MenuSection section={section(false)} highlight="/user/center/info">
        <p>panel</p>
      </MenuSection>,
      { route: '/user/center/info', mocks: [shellMock()] },
    );
    const flat = screen.getByRole('navigation', { name: '个人中心' });
    expect(within(flat).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(flat).getByRole('link', { name: '我的信息' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('fixedHeader', () => {
  it('keeps the back office header fixed when true', async () => {
    backOffice({ fixedHeader: true });
    await menuToggle();
    expect(pageHeader()).toHaveStyle({ position: 'sticky' });
    expect(headerReleased()).toBe(false);
  });

  it('lets the back office header scroll away when false, and only there', async () => {
    const { router } = backOffice({ fixedHeader: false });
    await menuToggle();
    await waitFor(() => expect(headerReleased()).toBe(true));
    await act(() => router.navigate('/home'));
    expect(
      await screen.findByRole('heading', { name: 'screen:home' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(headerReleased()).toBe(false);
  });

  it('leaves the storefront header fixed whatever the setting', async () => {
    renderApp('/home', {
      mocks: [sessionMock(true), shellMock('legou-service', { fixedHeader: false }), cartCountMock(1)],
    });
    expect(
      await screen.findByRole('heading', { name: 'screen:home' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(pageHeader()).toHaveStyle({ position: 'sticky' });
  });
});

describe('sidebarLogo', () => {
  it('starts the sidebar with the shop logo and name when true', async () => {
    backOffice({ sidebarLogo: true });
    await menuToggle();
    const nav = await screen.findByRole('navigation', { name: '后台管理' });
    expect(within(nav).getByRole('link', { name: '乐购商城' })).toHaveAttribute('href', '/home');
  });

  it('has no logo when false', async () => {
    backOffice({ sidebarLogo: false });
    await menuToggle();
    const nav = await screen.findByRole('navigation', { name: '后台管理' });
    expect(within(nav).queryByRole('link', { name: '乐购商城' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '待发货订单' })).toBeInTheDocument();
  });
});

describe('showSettings', () => {
  it('offers no settings panel when false', async () => {
    backOffice({ showSettings: false });
    await menuToggle();
    expect(screen.queryByRole('button', { name: '布局设置' })).not.toBeInTheDocument();
  });

  it('offers a panel that changes the header and logo for this browser when true, and restores the shop’s', async () => {
    const user = userEvent.setup();
    backOffice({ showSettings: true, fixedHeader: true, sidebarLogo: true });
    await user.click(await screen.findByRole('button', { name: '布局设置' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: '布局设置' });
    const fixed = within(dialog).getByRole('checkbox', { name: '固定头部' });
    const logo = within(dialog).getByRole('checkbox', { name: '侧边栏显示 Logo' });
    expect(fixed).toBeChecked();
    expect(logo).toBeChecked();

    await user.click(fixed);
    await user.click(logo);
    await waitFor(() => expect(headerReleased()).toBe(true));
    // behind the open dialog the page is hidden from assistive technology: queried with `hidden`
    const menu = screen.getByRole('heading', { name: '后台管理', hidden: true }).parentElement as HTMLElement;
    expect(within(menu).queryByRole('link', { name: '乐购商城', hidden: true })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '恢复默认' }));
    expect(fixed).toBeChecked();
    await waitFor(() => expect(headerReleased()).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // focus goes back to the button that opened the panel
    await waitFor(() => expect(screen.getByRole('button', { name: '布局设置' })).toHaveFocus());
  });
});

describe('the sidebar’s open state (a cookie)', () => {
  it('closes and opens from the toolbar, writing the cookie, and a new visit starts as left', async () => {
    const user = userEvent.setup();
    const first = backOffice();
    const toggle = await menuToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-controls', sidebar()?.id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('title', '展开菜单');
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(sidebar()).not.toBeInTheDocument();
    first.unmount();

    // a reload: the cookie keeps it closed from the first render
    backOffice();
    const again = await menuToggle();
    expect(again).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).not.toBeInTheDocument();
    await user.click(again);
    expect(document.cookie).toContain('sidebarStatus=1');
    expect(sidebar()).toBeInTheDocument();
  });

  it('the server render reads the same cookie from the request header', () => {
    expect(sidebarOpenedFromHeader('shop_session=abc; sidebarStatus=0')).toBe(false);
    expect(sidebarOpenedFromHeader('sidebarStatus=1')).toBe(true);
    expect(sidebarOpenedFromHeader(null)).toBe(true);
    expect(sidebarOpenedFromHeader('old_sidebarStatus=0')).toBe(true);
  });
});

describe('device type', () => {
  it('a phone starts with the menu closed, and it closes again after navigating', async () => {
    const user = userEvent.setup();
    resizeTo(390);
    const { router } = backOffice();
    const toggle = await menuToggle();
    // the desktop cookie says open, a phone's own state says closed
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.cookie).not.toContain('sidebarStatus=');

    // the next screen suspends on its data: the click runs in an awaited act (route-screen.tsx)
    await clickInAct(user, within(sidebar() as HTMLElement).getByRole('link', { name: '退款审核' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/refunds'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '菜单' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });

  it('follows the viewport: a desktop keeps its own state when the window narrows and widens', async () => {
    const user = userEvent.setup();
    backOffice();
    const toggle = await menuToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    resizeTo(600);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    resizeTo(1280);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    // back on a phone width the menu starts closed again
    resizeTo(390);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });
});
