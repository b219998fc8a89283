/**
 * End to end, the back office's navigation: the admin's side menu lists every back-office screen
 * (the order screens and the catalogue ones) at 1280 px and on a 390 px phone, in zh-CN and
 * en-GB, each entry inside the viewport and leading to its screen; the hidden product editor is
 * not listed. A shopper or a visitor who types a catalogue screen's address gets exactly what
 * /admin/orders gives them. Screenshots: test-results/screenshots/admin-menus-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  gqlInPage,
  hydrated,
  PHONE_VIEWPORT,
  phoneContext,
  type Shop,
  shot,
  startShop,
  switchLanguage,
} from './harness.ts';

let shop: Shop;

const SCREENS = {
  zh: [
    ['待发货订单', '/admin/orders'],
    ['退款审核', '/admin/refunds'],
    ['商品管理', '/admin/products'],
    ['分类管理', '/admin/categories'],
    ['首页卡片', '/admin/home-cards'],
    ['批量导入', '/admin/import'],
  ],
  en: [
    ['Orders to ship', '/admin/orders'],
    ['Refund review', '/admin/refunds'],
    ['Products', '/admin/products'],
    ['Categories', '/admin/categories'],
    ['Home cards', '/admin/home-cards'],
    ['Import', '/admin/import'],
  ],
} as const;
const TEXT = {
  zh: { backOffice: '后台管理', toggle: '菜单', forbidden: '无访问权限', notFound: '404' },
  en: {
    backOffice: 'Back office',
    toggle: 'Menu',
    forbidden: 'No access permission',
    notFound: '404',
  },
} as const;

async function signIn(page: Page, account: string, password: string) {
  await page.goto(`${shop.origin}/home`);
  const answer = await gqlInPage<{ errors?: unknown[] }>(
    page,
    'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }',
    { input: { account, password } },
  );
  expect(answer.errors).toBeUndefined();
}

/** The side menu's link names, each with whether it lies wholly inside the viewport. */
async function listed(page: Page, backOffice: string) {
  // The menu's entries, not the shop's mark that may head the sidebar.
  const entries = page.getByRole('navigation', { name: backOffice }).locator('ul a');
  await entries.first().waitFor();
  return entries.evaluateAll((links) => {
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    return links.map((link) => {
      const box = link.getBoundingClientRect();
      const inside =
        box.width > 0 && box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= height;
      return [link.textContent?.trim(), link.getAttribute('href'), inside];
    });
  });
}

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.close();
});

describe('back-office navigation', () => {
  it('1280 px: the side menu lists every back-office screen, in order, and each entry opens its screen', async () => {
    const context = await shop.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'zh-CN',
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    onTestFailed(() => shot(page, 'admin-menus-failure-desk'));
    await signIn(page, 'admin', 'admin123');
    for (const locale of ['zh', 'en'] as const) {
      if (locale === 'en') await switchLanguage(page, shop.origin, 'en-GB');
      const t = TEXT[locale];
      await page.goto(`${shop.origin}/admin/orders`);
      expect(await listed(page, t.backOffice)).toEqual(
        SCREENS[locale].map(([name, path]) => [name, path, true]),
      );
      await shot(page, `admin-menus-${locale}-desk`);
      for (const [name, path] of SCREENS[locale]) {
        await page
          .getByRole('navigation', { name: t.backOffice })
          .getByRole('link', { name, exact: true })
          .click();
        await page.waitForURL((url) => url.pathname === path);
        const current = page
          .getByRole('navigation', { name: t.backOffice })
          .getByRole('link', { name, exact: true });
        await expect.poll(() => current.getAttribute('aria-current'), { message: name }).toBe('page');
        expect(await page.getByRole('heading', { level: 1, name: t.forbidden }).count(), name).toBe(0);
        expect(await page.getByRole('heading', { level: 1, name: t.notFound }).count(), name).toBe(0);
      }
    }
    await context.close();
  });

  it('390 px: the closed side menu opens on 菜单, lists every screen inside the viewport and closes after a tap', async () => {
    const context = await phoneContext(shop);
    const page = await context.newPage();
    onTestFailed(() => shot(page, 'admin-menus-failure-phone'));
    await signIn(page, 'admin', 'admin123');
    for (const locale of ['zh', 'en'] as const) {
      const t = TEXT[locale];
      if (locale === 'en') {
        // the phone header has no room for the language switcher: switch at desktop width
        await page.setViewportSize({ width: 1280, height: 900 });
        await switchLanguage(page, shop.origin, 'en-GB');
        await page.setViewportSize(PHONE_VIEWPORT);
      }
      await page.goto(`${shop.origin}/admin/orders`);
      const toggle = page.getByRole('button', { name: t.toggle, exact: true });
      // closed by default on a phone, once the app knows it runs on one
      await hydrated(toggle);
      await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('false');
      await toggle.tap();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await listed(page, t.backOffice)).toEqual(
        SCREENS[locale].map(([name, path]) => [name, path, true]),
      );
      await shot(page, `admin-menus-${locale}-phone`);
      const [products] = SCREENS[locale][2];
      await page
        .getByRole('navigation', { name: t.backOffice })
        .getByRole('link', { name: products, exact: true })
        .tap();
      await page.waitForURL((url) => url.pathname === '/admin/products');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    }
    await context.close();
  });

  it('a shopper or a visitor typing a catalogue screen’s address gets what /admin/orders gives them', async () => {
    const context = await shop.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'zh-CN',
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    onTestFailed(() => shot(page, 'admin-menus-failure-refused'));
    const outcome = async (path: string) => {
      await page.goto(`${shop.origin}${path}`);
      await page.waitForURL((url) => url.pathname !== path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      return {
        path: new URL(page.url()).pathname,
        heading: await page.getByRole('heading', { level: 1 }).first().textContent(),
      };
    };
    const CATALOGUE_PATHS = [
      '/admin/products',
      '/admin/products/new',
      '/admin/categories',
      '/admin/home-cards',
      '/admin/import',
    ];

    // a visitor is sent to log in, as from the order screens
    const visitorOrders = await outcome('/admin/orders');
    expect(visitorOrders.path).toBe('/login');
    for (const path of CATALOGUE_PATHS) expect(await outcome(path), path).toEqual(visitorOrders);

    await signIn(page, 'demo', 'demo123');
    const orders = await outcome('/admin/orders');
    expect(orders).toEqual({ path: '/no-authority', heading: TEXT.zh.forbidden });
    for (const path of CATALOGUE_PATHS) expect(await outcome(path), path).toEqual(orders);
    await shot(page, 'admin-menus-shopper-refused');
    const session = await gqlInPage<{ data?: { session: { isAuthenticated: boolean } } }>(
      page,
      '{ session { isAuthenticated } }',
    );
    expect(session.data?.session.isAuthenticated).toBe(true);
    await context.close();
  });
});
