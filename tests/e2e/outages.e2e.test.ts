/**
 * End to end: the network goes away after the page has loaded (every request the page makes is
 * refused, as when the stack is down or the phone loses its connection). "Add to cart" says the
 * network failed, in the shopper's language; a navigation to a screen whose code is not loaded
 * yet keeps the header, navigation and footer and shows the route's retry, which stays put while
 * the network is down and loads the screen once it is back.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { hydrated, type Shop, shot, startShop } from './harness.ts';
import { gql } from './shopper.ts';

let shop: Shop;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  shop = await startShop();
  context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** Every request of the page fails from now on, as with the stack down. */
const networkDown = () => page.route('**/*', (route) => route.abort('internetdisconnected'));
const networkBack = () => page.unroute('**/*');

describe('outages on the client', () => {
  it('says so on "add to cart" and keeps the layout with a retry on a navigation', async () => {
    onTestFailed(() => shot(page, 'failure-outage'));
    await page.goto(`${shop.origin}/home`);
    const login = await gql<{ login: { session: { isAuthenticated: boolean } } }>(
      page,
      'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }',
      { input: { account: 'demo', password: 'demo123' } },
    );
    expect(login.login.session.isAuthenticated).toBe(true);
    const { products } = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
      page,
      '{ products(page: { pageNum: 1, pageSize: 30 }) { records { id stock } } }',
    );
    const product = products.records.find((record) => record.stock >= 5);
    if (!product) throw new Error('no product in stock');

    // the toaster's code comes down while the page is idle, before any message needs it
    const toasterLoaded = page.waitForResponse((res) => /\/assets\/Toaster-[^/]+\.js$/.test(res.url()));
    await page.goto(`${shop.origin}/goods/detail/${product.id}`);
    const add = page.getByRole('button', { name: '加入购物车', exact: true });
    await hydrated(add);
    await toasterLoaded;
    await page.waitForLoadState('networkidle');

    await networkDown();
    await add.click();
    const toasts = page.getByRole('region', { name: '消息' });
    await toasts.getByText('网络异常，请稍后重试').waitFor();
    await shot(page, 'outage-add-to-cart');

    // a screen whose chunk was never loaded: the layout stays, the retry in the main area
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: '热门商品' }).click();
    const main = page.getByRole('main');
    await main.getByText('页面加载失败，请重试').waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: '全部分类' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/goods/hot');
    await shot(page, 'outage-navigation');

    // while the network is down the retry leaves the page as it is and says why
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await main.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => toasts.getByText('网络异常，请稍后重试').count()).toBeGreaterThan(0);
    expect(navigations).toEqual([]);
    expect(await banner.isVisible()).toBe(true);

    // back online: the retry loads the screen
    await networkBack();
    await main.getByRole('button', { name: '重试' }).click();
    await page.getByRole('heading', { name: '热门商品' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/goods/hot');
    expect(await page.getByText('页面加载失败，请重试').count()).toBe(0);
  }, 120_000);
});
