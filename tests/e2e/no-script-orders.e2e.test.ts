/**
 * A shopper's orders without JavaScript, on a phone (390 px), against the real servers: the
 * confirm page's form places an order and lands on the provider's payment page, which pays it
 * and comes back to 支付成功; a second order is cancelled through the order page's confirmation
 * step; the language is switched with the header's form and stays switched on the next page;
 * then, in English, an order the shop shipped is confirmed received and a refund is applied for
 * with its reason. Every step is a form the server answers (a 303 to the next page).
 */

import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { PHONE_VIEWPORT, type Shop, shot as shotOf, startShop } from './harness.ts';
import { contextGql, submitted } from './no-script-forms.ts';

let shop: Shop;
let context: BrowserContext;
let admin: BrowserContext;
let page: Page;
let productId: string;
let paidOrder: string;

const suffix = String(Date.now()).slice(-7);
const shot = (name: string) => shotOf(page, `no-script-orders-${name}`);
const url = () => new URL(page.url());

/** A GraphQL call with `on`'s cookies, made by the test (the page runs no script). */
const gql = <T>(on: BrowserContext, query: string, variables?: Record<string, unknown>) =>
  contextGql<T>(on, shop.origin, query, variables);

/** Submits a form by `click` and returns the document's answer to its POST. */
const post = (click: () => Promise<void>) => submitted(page, click);

/** Orders from the confirm page of one product and lands on lpay's page; returns the order's id. */
async function orderOnePiece(): Promise<string> {
  await page.goto(`${shop.origin}/order/confirm?productId=${productId}&quantity=1`);
  const form = page.getByRole('form', { name: '确认订单' });
  await form.getByRole('radio', { name: /赵六/ }).check();
  const placed = await post(() => form.getByRole('button', { name: '提交订单' }).click());
  expect(placed.status()).toBe(303);
  expect(placed.headers().location).toMatch(/^\/service\/pay\/lpay\/checkout\//);
  await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
  const { orders } = await gql<{ orders: { records: Array<{ id: string }> } }>(
    context,
    '{ orders(page: { pageSize: 1 }) { records { id } } }',
  );
  return orders.records[0].id.replace(/^Order:/, '');
}

beforeAll(async () => {
  shop = await startShop();
  context = await shop.browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    locale: 'zh-CN',
  });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  await gql(
    context,
    'mutation($input: RegisterInput!) { register(input: $input) { userErrors { message } } }',
    {
      input: {
        username: `nso_${suffix}`,
        password: 'Passw0rd.nso',
        phone: `137${suffix.padStart(8, '0')}`,
        signIn: true,
      },
    },
  );
  await gql(
    context,
    'mutation($input: CreateAddressInput!) { createAddress(input: $input) { address { id } } }',
    {
      input: {
        recipient: '赵六',
        phone: '13800138000',
        city: '广东省 广州市',
        detail: '天河路 9 号',
        isDefault: true,
      },
    },
  );
  const { products } = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
    context,
    '{ products(page: { pageSize: 30 }) { records { id stock } } }',
  );
  const inStock = products.records.find((record) => record.stock >= 3);
  if (!inStock) throw new Error('no product in stock');
  productId = inStock.id;
  admin = await shop.browser.newContext();
  await gql(admin, 'mutation($input: LoginInput!) { login(input: $input) { userErrors { message } } }', {
    input: { account: 'admin', password: 'admin123' },
  });
}, 400_000);

afterAll(async () => {
  await context?.close();
  await admin?.close();
  await shop?.close();
});

describe('my orders without JavaScript', () => {
  it('places an order, pays it on the provider’s page and reads 支付成功', async () => {
    onTestFailed(() => shot('failure-pay'));
    paidOrder = await orderOnePiece();
    await shot('lpay');
    await page.locator('button.primary').click();
    await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
    await page.getByText('支付成功').waitFor();
  });

  it('cancels an unpaid order through its confirmation page', async () => {
    onTestFailed(() => shot('failure-cancel'));
    const orderId = await orderOnePiece();
    await page.goto(`${shop.origin}/user/center/orders`);
    await page.getByRole('tab', { name: '待付款' }).click();
    await page.waitForURL(/status=PENDING/);
    const card = page
      .getByRole('article')
      .filter({ has: page.locator(`a[href="/user/center/orders/${orderId}"]`) });
    await card.getByRole('button', { name: '取消订单' }).click();
    await page.waitForURL(new RegExp(`/user/center/orders/${orderId}\\?confirm=cancel`));
    await page.getByRole('heading', { name: '确认取消该订单吗？' }).waitFor();
    await shot('confirm-cancel');
    const answer = await post(() => page.getByRole('button', { name: '取消订单' }).click());
    expect(answer.status()).toBe(303);
    // back to the list it was asked from
    expect(url().pathname).toBe('/user/center/orders');
    expect(url().searchParams.get('status')).toBe('PENDING');
    await page.goto(`${shop.origin}/user/center/orders/${orderId}`);
    await page.locator('#order-status').getByText('已取消').waitFor();
  });

  it('switches the language with the header’s form, and it stays switched', async () => {
    onTestFailed(() => shot('failure-language'));
    await page.goto(`${shop.origin}/user/center/orders`);
    await page.getByRole('combobox', { name: '切换语言' }).selectOption('en-GB');
    const answer = await post(() => page.getByRole('button', { name: '切换', exact: true }).click());
    expect(answer.status()).toBe(303);
    expect(url().pathname).toBe('/user/center/orders');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await page.goto(`${shop.origin}/user/center/orders/${paidOrder}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await page.getByRole('heading', { name: 'Order details' }).waitFor();
  });

  it('confirms receipt of a shipped order, then applies for a refund with its reason', async () => {
    onTestFailed(() => shot('failure-receipt'));
    const shipped = await gql<{ shipOrder: { userErrors: unknown[] } }>(
      admin,
      'mutation($input: ShipOrderInput!) { shipOrder(input: $input) { userErrors { message } } }',
      { input: { orderId: paidOrder, courier: 'SF', waybillNo: 'SF1234567890' } },
    );
    expect(shipped.shipOrder.userErrors).toEqual([]);
    await page.goto(`${shop.origin}/user/center/orders/${paidOrder}`);
    await page.getByRole('button', { name: 'Confirm receipt' }).click();
    await page.getByRole('heading', { name: 'Confirm receipt of the goods?' }).waitFor();
    const received = await post(() => page.getByRole('button', { name: 'Confirm receipt' }).click());
    expect(received.status()).toBe(303);
    expect(url().pathname).toBe(`/user/center/orders/${paidOrder}`);
    expect(await page.getByRole('button', { name: 'Confirm receipt' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Apply for refund' }).click();
    await page.waitForURL(/confirm=refund/);
    // the reason is required: the form comes back with the rule's message
    const empty = await post(() => page.getByRole('button', { name: 'Submit' }).click());
    expect(empty.status()).toBe(400);
    expect(await page.getByRole('textbox', { name: /Reason/ }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('textbox', { name: /Reason/ }).fill('尺码不合适 / wrong size');
    await shot('refund');
    const applied = await post(() => page.getByRole('button', { name: 'Submit' }).click());
    expect(applied.status()).toBe(303);
    expect(url().pathname).toBe(`/user/center/orders/${paidOrder}`);
    // the application is on its way: its progress shows, and it cannot be applied for twice
    await page.getByRole('region', { name: 'After-sales progress' }).waitFor();
    expect(await page.getByRole('button', { name: 'Apply for refund' }).count()).toBe(0);
  });
});
