/**
 * End to end: a shopper who opened the shop under another name than PUBLIC_ORIGIN (localhost against
 * 127.0.0.1, as a phone uses the machine's LAN address) checks out, pays on the lpay page and lands on
 * the payment result signed in: the browser keeps the session cookie per origin, so every step must
 * stay on the one the shopper used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, startShop } from './harness.ts';
import { createAddress, gql } from './shopper.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 240_000);
afterAll(() => shop?.close());

describe('paying from another of the shop origins', () => {
  it('checks out at localhost and comes back to 支付成功 there', async () => {
    const other = shop.origin.replace('127.0.0.1', 'localhost');
    expect(other).not.toBe(shop.origin);
    const context = await shop.browser.newContext({ locale: 'zh-CN' });
    context.setDefaultTimeout(20_000);
    try {
      const login = await context.request.post(`${other}/graphql`, {
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        data: {
          query: 'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }',
          variables: { input: { account: 'demo', password: 'demo123' } },
        },
      });
      expect(await login.json()).toMatchObject({ data: { login: { session: { isAuthenticated: true } } } });
      const page = await context.newPage();
      await page.goto(`${other}/home`);
      await createAddress(page, '赵六', '南京路 3 号');
      const { products } = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
        page,
        '{ products(page: { pageSize: 30 }) { records { id stock } } }',
      );
      const product = products.records.find((record) => record.stock > 0);
      if (!product) throw new Error('no product in stock');

      await page.goto(`${other}/order/confirm?productId=${product.id}&quantity=1`);
      await page.getByRole('radio', { name: 'LPay 支付' }).check();
      await page.getByRole('button', { name: '提交订单' }).click();
      await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
      expect(new URL(page.url()).origin).toBe(other);
      await page.locator('button.primary').click();

      await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
      expect(new URL(page.url()).origin).toBe(other);
      await page.getByText('支付成功').waitFor();
      await expect.poll(() => page.getByTestId('pay-result').getAttribute('data-outcome')).toBe('paid');
    } finally {
      await context.close();
    }
  });
});
