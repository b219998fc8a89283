/**
 * The cart and checkout without JavaScript: Chromium with scripts off against the real servers.
 * Each of the cart's controls is a form's button the server runs (the cart route's action, then
 * the cart again): + and − change a line's quantity, a line is unselected and selected again,
 * 全选 selects every line, 删除 removes one; 去结算 leads to the confirm page, rendered by the
 * server with the selected lines, whose form places the order with the chosen address and payment
 * method and lands on the provider's payment page with the order's amount. 立即购买 on a product
 * page is a form too, to the confirm page of that product.
 */

import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { type Shop, shot as shotOf, startShop } from './harness.ts';
import { contextGql, submitted } from './no-script-forms.ts';

let shop: Shop;
let context: BrowserContext;
let page: Page;

const suffix = String(Date.now()).slice(-7);
const shot = (name: string) => shotOf(page, `no-script-cart-${name}`);
const url = () => new URL(page.url());

/** A GraphQL call with the context's session cookie, made by the test (the page runs no script). */
const gql = <T>(query: string, variables?: Record<string, unknown>) =>
  contextGql<T>(context, shop.origin, query, variables);

/** Submits a form by `click` and returns the document's answer to its POST. */
const post = (click: () => Promise<void>) => submitted(page, click);

/** Clicks a cart button: the server answers 303 and the cart is shown again. */
async function press(button: Locator): Promise<void> {
  const answer = await post(() => button.click());
  expect(answer.status()).toBe(303);
  expect(url().pathname).toBe('/cart');
}

/** The digits of an amount as shown ("¥1,234.50" and "1234.50 元" both read 1234.50). */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

const names: string[] = [];
/** The products' pages, in the order of `names`. */
const pages: string[] = [];
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const row = (name: string) => page.getByRole('row', { name: new RegExp(escaped(name.slice(0, 8))) });
const quantityOf = (name: string) => row(name).getByRole('textbox', { name: /数量/ }).inputValue();

beforeAll(async () => {
  shop = await startShop();
  context = await shop.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
  });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  // a new shopper (an empty cart) with one address, signed in in this context
  await gql('mutation($input: RegisterInput!) { register(input: $input) { userErrors { message } } }', {
    input: {
      username: `nsc_${suffix}`,
      password: 'Passw0rd.nsc',
      phone: `136${suffix.padStart(8, '0')}`,
      signIn: true,
    },
  });
  await gql('mutation($input: CreateAddressInput!) { createAddress(input: $input) { address { id } } }', {
    input: {
      recipient: '赵六',
      phone: '13800138000',
      city: '广东省 广州市',
      detail: '天河路 9 号',
      isDefault: true,
    },
  });
}, 400_000);

afterAll(async () => {
  await context?.close();
  await shop?.close();
});

describe('the cart without JavaScript', () => {
  it('adds three products from their pages', async () => {
    onTestFailed(() => shot('failure-add'));
    await page.goto(`${shop.origin}/goods/hot`);
    const links = page.getByTestId('product-card').getByRole('link');
    const addresses = new Set<string>();
    for (const link of await links.all()) {
      const href = await link.getAttribute('href');
      if (href?.startsWith('/goods/detail/')) addresses.add(href);
    }
    expect(addresses.size).toBeGreaterThanOrEqual(3);
    for (const address of [...addresses].slice(0, 3)) {
      await page.goto(`${shop.origin}${address}`);
      pages.push(address);
      names.push(((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim());
      await page.getByRole('textbox', { name: '数量', exact: true }).fill('2');
      const added = await post(() => page.getByRole('button', { name: '加入购物车' }).click());
      expect(added.status()).toBe(303);
      expect(url().pathname).toBe('/cart');
    }
    for (const name of names) expect(await quantityOf(name)).toBe('2');
  });

  it('changes a quantity with + and −', async () => {
    onTestFailed(() => shot('failure-steps'));
    const [first] = names;
    await press(row(first).getByRole('button', { name: '增加' }));
    expect(await quantityOf(first)).toBe('3');
    await press(row(first).getByRole('button', { name: '减少' }));
    await press(row(first).getByRole('button', { name: '减少' }));
    expect(await quantityOf(first)).toBe('1');
    // at one, − cannot go lower
    expect(await row(first).getByRole('button', { name: '减少' }).isDisabled()).toBe(true);
  });

  it('unselects a line and selects it again; 全选 selects every line', async () => {
    onTestFailed(() => shot('failure-select'));
    const [, second] = names;
    const total = () => page.getByTestId('cart-total').textContent();
    const before = amountOf(await total());
    await press(row(second).getByRole('button', { name: `取消选中 ${second}`, exact: true }));
    expect(await row(second).getByRole('checkbox').isChecked()).toBe(false);
    expect(amountOf(await total())).toBeLessThan(before);
    expect(await page.getByRole('checkbox', { name: '全选' }).isChecked()).toBe(false);

    await press(row(second).getByRole('button', { name: `选中 ${second}`, exact: true }));
    expect(await row(second).getByRole('checkbox').isChecked()).toBe(true);
    expect(amountOf(await total())).toBe(before);

    await press(page.getByRole('button', { name: '取消全选', exact: true }));
    for (const name of names) expect(await row(name).getByRole('checkbox').isChecked()).toBe(false);
    expect(amountOf(await total())).toBe(0);
    expect(await page.getByRole('button', { name: '去结算' }).isDisabled()).toBe(true);

    await press(page.getByRole('button', { name: '全选', exact: true }));
    for (const name of names) expect(await row(name).getByRole('checkbox').isChecked()).toBe(true);
    expect(amountOf(await total())).toBe(before);
  });

  it('removes a line', async () => {
    onTestFailed(() => shot('failure-remove'));
    const third = names[2];
    await press(row(third).getByRole('button', { name: `删除 ${third}` }));
    expect(await row(third).count()).toBe(0);
    expect(await row(names[0]).count()).toBe(1);
    await shot('cart');
  });

  it('says the same in English: the buttons are named in the page’s language and work', async () => {
    onTestFailed(() => shot('failure-en-gb'));
    const english = await shop.browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    try {
      await english.addCookies(await context.cookies(shop.origin));
      const tab = await english.newPage();
      await tab.goto(`${shop.origin}/cart`);
      // the products have English names here: the second line by its place
      const line = tab.locator('tbody tr').nth(1);
      await line.getByRole('button', { name: /^Unselect \S/ }).waitFor();
      expect(await line.getByRole('button', { name: 'Increase' }).count()).toBe(1);
      expect(await line.getByRole('button', { name: /^Remove \S/ }).count()).toBe(1);
      const [answer] = await Promise.all([
        tab.waitForResponse(
          (res) => res.request().method() === 'POST' && res.request().isNavigationRequest(),
        ),
        tab.getByRole('button', { name: 'Unselect all', exact: true }).click(),
      ]);
      expect(answer.status()).toBe(303);
      await tab.getByRole('button', { name: 'Select all', exact: true }).waitFor();
      expect(await line.getByRole('checkbox').isChecked()).toBe(false);
      await Promise.all([
        tab.waitForResponse(
          (res) => res.request().method() === 'POST' && res.request().isNavigationRequest(),
        ),
        tab.getByRole('button', { name: 'Select all', exact: true }).click(),
      ]);
      await tab.getByRole('button', { name: 'Unselect all', exact: true }).waitFor();
      expect(await tab.getByRole('button', { name: 'Check out' }).isDisabled()).toBe(false);
    } finally {
      await english.close();
    }
    await page.reload();
  });

  it('checks out: the confirm page shows the lines, its form places the order and opens the payment page', async () => {
    onTestFailed(() => shot('failure-checkout'));
    await page.getByRole('button', { name: '去结算' }).click();
    await page.waitForURL(/\/order\/confirm\?lines=\d+(%2C|,)\d+$/);
    const items = page.getByRole('region', { name: '商品清单' });
    for (const name of names.slice(0, 2)) await items.getByText(name.slice(0, 8)).first().waitFor();
    expect(await items.getByText(names[2].slice(0, 8)).count()).toBe(0);
    const payable = amountOf(await page.getByTestId('payable').textContent());
    expect(payable).toBeGreaterThan(0);

    const form = page.getByRole('form', { name: '确认订单' });
    await form.getByRole('radio', { name: /赵六/ }).check();
    await form.getByRole('radio', { name: 'LPay 支付' }).check();
    await shot('confirm');
    const placed = await post(() => form.getByRole('button', { name: '提交订单' }).click());
    expect(placed.status()).toBe(303);
    await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
    expect(amountOf(await page.getByTestId('amount').textContent())).toBe(payable);
    await shot('payment');

    // the ordered lines have left the cart
    await page.goto(`${shop.origin}/cart`);
    await page.getByText('购物车是空的').waitFor();
  });

  it('buys now from a product page: its form leads to the confirm page of that product', async () => {
    onTestFailed(() => shot('failure-buy-now'));
    await page.goto(`${shop.origin}${pages[2]}`);
    await page.getByRole('textbox', { name: '数量', exact: true }).fill('2');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/order\/confirm\?productId=\d+&quantity=2$/);
    const items = page.getByRole('region', { name: '商品清单' });
    await items.getByText(names[2].slice(0, 8)).first().waitFor();
    const payable = amountOf(await page.getByTestId('payable').textContent());
    const form = page.getByRole('form', { name: '确认订单' });
    // the shopper's only address and the only method on offer are chosen already
    expect(await form.getByRole('radio', { name: /赵六/ }).isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: 'LPay 支付' }).isChecked()).toBe(true);
    const placed = await post(() => form.getByRole('button', { name: '提交订单' }).click());
    expect(placed.status()).toBe(303);
    await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
    expect(amountOf(await page.getByTestId('amount').textContent())).toBe(payable);
  });
});
