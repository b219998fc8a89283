/**
 * End to end: Debian's Chromium (playwright-core) against the real servers as `npm start` runs
 * them — the shop service and the GraphQL gateway serving the built web app — on free ports
 * with a temporary database. A visitor browses, meets the login prompt, registers, logs out and
 * in again, searches, fills the cart, changes a quantity, confirms an order with a new address,
 * pays on the lpay hosted page and sees the paid result; then the same purchase in en-GB.
 * Screenshots of the main screens go to test-results/screenshots/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { gqlInPage, type Shop, shot as shotOf, startShop } from './harness.ts';

let shop: Shop;
let origin = '';
let context: BrowserContext;
let page: Page;

const suffix = String(Date.now()).slice(-7);
const shopper = {
  username: `e2e_${suffix}`,
  password: 'Passw0rd.e2e',
  phone: `139${suffix.padStart(8, '0')}`,
};

const shot = (name: string) => shotOf(page, name);

/** The orders of the signed-in shopper, asked through the gateway with the browser's session cookie. */
async function orderCount(): Promise<number> {
  const body = await gqlInPage<{ data?: { orders: { total: number } } }>(page, '{ orders { total } }');
  return body.data?.orders.total ?? -1;
}

beforeAll(async () => {
  shop = await startShop();
  origin = shop.origin;
  context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
});

afterAll(async () => {
  await shop?.close();
});

/** The texts each round reads, in its locale. */
const ZH = {
  hot: '热门商品',
  addToCart: '加入购物车',
  added: '加入购物车成功!',
  increase: '增加',
  checkout: '去结算',
  confirmTitle: '确认订单',
  addAddress: '+ 新增收货地址',
  recipient: /收货人/,
  phone: /手机号码/,
  province: /省份/,
  city: /所在城市/,
  detail: /详细地址/,
  save: '保存',
  lpay: 'LPay 支付',
  submit: '提交订单',
  paid: '支付成功',
  search: '搜索商品',
  keyword: '蓝牙耳机',
  product: '静界 主动降噪真无线蓝牙耳机',
  unitPrice: 89900,
};

const EN: typeof ZH = {
  hot: 'Popular Products',
  addToCart: 'Add to cart',
  added: 'Add to cart successfully!',
  increase: 'Increase',
  checkout: 'Check out',
  confirmTitle: 'Confirm the order',
  addAddress: '+ Add an address',
  recipient: /Recipient/,
  phone: /Phone number/,
  province: /Province/,
  city: /City/,
  detail: /Detailed address/,
  save: 'Save',
  lpay: 'LPay',
  submit: 'Place order',
  paid: 'Payment successful',
  search: 'Search goods',
  keyword: 'Earbuds',
  product: 'Jingjie Active Noise-Cancelling True Wireless Earbuds',
  unitPrice: 89900,
};

const yuan = (fen: number) =>
  `¥${String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;

/** Search, add to cart, change the quantity, confirm with a new address, pay on lpay, see the result. */
async function purchase(
  t: typeof ZH,
  prefix: string,
  address: { recipient: string; phone: string; detail: string },
) {
  const search = page.getByRole('search').getByRole('combobox', { name: t.search });
  await search.fill(t.keyword);
  await search.press('Enter');
  await page.waitForURL(/\/category\/search-result\?keyword=/);
  const result = page.getByRole('link', { name: t.product });
  await result.waitFor();
  await shot(`${prefix}-search`);

  await result.click();
  await page.getByRole('button', { name: t.addToCart }).click();
  await page.getByText(t.added).waitFor();
  await shot(`${prefix}-goods-detail`);

  await page
    .getByRole('link', { name: /购物车|Shopping cart/ })
    .first()
    .click();
  await page.waitForURL(/\/cart$/);
  const row = page.locator('tr[data-testid^="cart-line-"]').filter({ hasText: t.product });
  await row.waitFor();
  const quantity = row.getByRole('textbox');
  const before = Number(await quantity.inputValue());
  await row.getByRole('button', { name: t.increase }).click();
  await expect.poll(() => quantity.inputValue()).toBe(String(before + 1));
  await row.getByText(yuan(t.unitPrice * (before + 1))).waitFor();
  // let the service's answer settle before leaving the cart
  await page.waitForLoadState('networkidle');
  await expect.poll(() => quantity.inputValue()).toBe(String(before + 1));
  await shot(`${prefix}-cart`);

  await page.getByRole('button', { name: t.checkout }).click();
  await page.waitForURL(/\/order\/confirm\?lines=/);
  await page.getByRole('heading', { name: t.confirmTitle }).waitFor();
  await page.getByRole('link', { name: t.addAddress }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: t.recipient }).fill(address.recipient);
  await dialog.getByRole('textbox', { name: t.phone }).fill(address.phone);
  const province = dialog.getByRole('combobox', { name: t.province });
  await expect.poll(() => province.locator('option').count()).toBeGreaterThan(2);
  await province.selectOption({ index: 19 });
  const city = dialog.getByRole('combobox', { name: t.city });
  await expect.poll(() => city.locator('option').count()).toBeGreaterThan(1);
  await city.selectOption({ index: 1 });
  await dialog.getByRole('textbox', { name: t.detail }).fill(address.detail);
  await shot(`${prefix}-new-address`);
  await dialog.getByRole('button', { name: t.save }).click();
  await dialog.waitFor({ state: 'detached' });
  const chosen = page.getByRole('radio', { checked: true }).first();
  await expect
    .poll(async () => (await chosen.locator('xpath=..').textContent()) ?? '')
    .toContain(address.detail);
  await page.getByRole('radio', { name: t.lpay }).check();
  await shot(`${prefix}-confirm-order`);

  // a double click places one order
  await page.getByRole('button', { name: t.submit }).dblclick();
  await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
  await page.locator('button.primary').waitFor();
  await shot(`${prefix}-lpay`);
  await page.locator('button.primary').click();

  await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
  await page.getByText(t.paid).waitFor();
  await expect.poll(() => page.getByTestId('pay-result').getAttribute('data-outcome')).toBe('paid');
  await shot(`${prefix}-pay-result`);
}

describe('shop end to end', () => {
  it('a visitor browses, registers, logs in and buys in zh-CN', async () => {
    onTestFailed(() => shot('failure-zh'));
    await page.goto(`${origin}/home`);
    await page.getByRole('heading', { name: ZH.hot }).waitFor();
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(3);
    await shot('zh-01-home');

    // browse as a visitor: a product page, then the login prompt
    await page.getByRole('list', { name: ZH.hot }).getByRole('link').first().click();
    await page.waitForURL(/\/goods\/detail\/\d+/);
    await page.getByRole('button', { name: ZH.addToCart }).click();
    const prompt = page.getByRole('alertdialog');
    await prompt.getByText('请登录').waitFor();
    await shot('zh-02-login-prompt');
    await prompt.getByRole('button', { name: '立即登录' }).click();

    // register (signs in), log out, log in again
    const auth = page.getByRole('dialog');
    await auth.getByRole('button', { name: '立即注册' }).click();
    await auth.getByRole('textbox', { name: /用户名/ }).fill(shopper.username);
    await auth.getByLabel(/密码/).fill(shopper.password);
    await auth.getByRole('textbox', { name: /手机号码/ }).fill(shopper.phone);
    await shot('zh-03-register');
    await auth.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('注册成功!').waitFor();
    const userMenu = page.getByRole('button', { name: new RegExp(`用户菜单.*${shopper.username}`) });
    await userMenu.waitFor();

    await userMenu.click();
    await page.getByRole('button', { name: '退出登录' }).click();
    const exit = page.getByRole('alertdialog');
    await exit.getByRole('button', { name: '退出登录' }).click();
    // logging out lands on the login page: log in there, with the phone number (trimmed)
    await page.waitForURL(/\/login/);
    const login = page.getByRole('main');
    await login.getByRole('textbox', { name: /用户名\/手机号/ }).fill(` ${shopper.phone} `);
    await login.getByLabel(/密码/).fill(shopper.password);
    await shot('zh-04-login');
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${origin}/home`);
    await userMenu.waitFor();

    await purchase(ZH, 'zh', { recipient: '张三', phone: '13800138000', detail: '天河路 385 号 1201 室' });
    expect(await orderCount()).toBe(1);
  });

  it('makes the same purchase in en-GB', async () => {
    onTestFailed(() => shot('failure-en'));
    await page.goto(`${origin}/home`);
    await page.getByRole('combobox', { name: '切换语言' }).selectOption('en-GB');
    await page.getByRole('heading', { name: EN.hot }).waitFor();
    await page.getByRole('heading', { name: 'New products are on the market' }).waitFor();
    await shot('en-01-home');

    await purchase(EN, 'en', {
      recipient: 'Jane Smith',
      phone: '13900139000',
      detail: '1 Century Avenue, Flat 8',
    });
    expect(await orderCount()).toBe(2);
    // the choice of locale survived the trip to the payment provider
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
  });
});
