/**
 * Addresses without JavaScript, on a phone (390 px) in both languages: a new shopper on the
 * confirm page follows '+ 新增收货地址' to the address page form, is told what is missing, saves
 * and lands back on the confirm page with the new address chosen; in 我的地址 they add another,
 * edit it, make it the default and delete the first — each a form the server runs.
 */

import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { PHONE_VIEWPORT, type Shop, shot as shotOf, startShop } from './harness.ts';
import { contextGql, submitted } from './no-script-forms.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

const TEXTS = {
  'zh-CN': {
    addAddress: '+ 新增收货地址',
    recipient: '收货人',
    phone: '手机号码',
    city: '所在城市',
    detail: '详细地址',
    save: '保存',
    required: ['收货人 不能为空', '手机号码 不能为空', '所在城市 不能为空', '详细地址 不能为空'],
    addNew: '新增地址',
    edit: '编辑',
    setDefault: '设为默认',
    remove: '删除',
    guangzhou: '广东省 广州市',
  },
  'en-GB': {
    addAddress: '+ Add an address',
    recipient: 'Recipient',
    phone: 'Phone number',
    city: 'City',
    detail: 'Detailed address',
    save: 'Save',
    required: [
      'Recipient cannot be empty',
      'Phone number cannot be empty',
      'City cannot be empty',
      'Detailed address cannot be empty',
    ],
    addNew: 'Add address',
    edit: 'Edit',
    setDefault: 'Set as default',
    remove: 'Delete',
    guangzhou: 'Guangdong Guangzhou',
  },
} as const;

describe.each(['zh-CN', 'en-GB'] as const)('addresses without JavaScript (%s)', (locale) => {
  const t = TEXTS[locale];
  const suffix = `${locale === 'zh-CN' ? 1 : 2}${String(Date.now()).slice(-7)}`;
  let context: BrowserContext;
  let page: Page;
  const shot = (name: string) => shotOf(page, `no-script-address-${locale}-${name}`);
  const url = () => new URL(page.url());

  /** A GraphQL call with the context's session cookie, made by the test (the page runs no script). */
  const gql = <T>(query: string, variables?: Record<string, unknown>) =>
    contextGql<T>(context, shop.origin, query, variables);

  /** Submits a form by clicking `button` and returns the document's answer to its POST. */
  const post = (button: Locator) => submitted(page, () => button.click());

  /** 我的地址's cards (each named by its recipient and phone), and the one showing `detail`. */
  const cards = () => page.getByRole('listitem', { name: /^(王小二|李小三) 1\d{10}$/ });
  const card = (detail: string) => cards().filter({ hasText: detail });

  beforeAll(async () => {
    context = await shop.browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE_VIEWPORT,
      locale,
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    await gql('mutation($input: RegisterInput!) { register(input: $input) { userErrors { message } } }', {
      input: {
        username: `nsa_${suffix}`,
        password: 'Passw0rd.nsa',
        phone: `137${suffix.slice(-8)}`,
        signIn: true,
      },
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('adds an address from the confirm page and comes back with it chosen', async () => {
    onTestFailed(() => shot('failure-confirm'));
    const products = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
      '{ products(page: { pageSize: 10 }) { records { id stock } } }',
    );
    const product = products.products.records.find((one) => one.stock > 0);
    expect(product).toBeDefined();
    const confirm = `/order/confirm?productId=${product?.id}&quantity=1`;
    await page.goto(`${shop.origin}${confirm}`);
    await page.getByRole('link', { name: t.addAddress }).click();
    expect(url().pathname).toBe('/user/center/address');

    const refused = await post(page.getByRole('button', { name: t.save }));
    expect(refused.status()).toBe(400);
    for (const text of t.required) await expect.poll(() => page.getByText(text).count()).toBe(1);

    await page.getByRole('textbox', { name: t.recipient }).fill('王小二');
    await page.getByRole('textbox', { name: t.phone }).fill('139 1234 5678');
    await page.getByRole('combobox', { name: t.city }).selectOption('440100');
    await page.getByRole('textbox', { name: t.detail }).fill('天河路 8 号');
    await shot('new-address');
    const saved = await post(page.getByRole('button', { name: t.save }));
    expect(saved.status()).toBe(303);
    expect(url().pathname).toBe('/order/confirm');
    expect(url().searchParams.get('productId')).toBe(product?.id);
    const chosen = page.getByRole('radio', { checked: true }).first();
    expect(await chosen.locator('xpath=..').textContent()).toContain('天河路 8 号');
    expect(await chosen.locator('xpath=..').textContent()).toContain(t.guangzhou);
    // the page fits the phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_VIEWPORT.width,
    );
  });

  it('adds, edits, makes default and deletes in 我的地址', async () => {
    onTestFailed(() => shot('failure-panel'));
    await page.goto(`${shop.origin}/user/center/address`);
    await page.getByRole('link', { name: t.addNew }).click();
    await page.getByRole('textbox', { name: t.recipient }).fill('李小三');
    await page.getByRole('textbox', { name: t.phone }).fill('13912345679');
    await page.getByRole('combobox', { name: t.city }).selectOption('110100');
    await page.getByRole('textbox', { name: t.detail }).fill('长安街 5 号');
    expect((await post(page.getByRole('button', { name: t.save }))).status()).toBe(303);
    expect(url().pathname).toBe('/user/center/address');
    await expect.poll(() => cards().count()).toBe(2);

    await card('长安街 5 号').getByRole('link', { name: t.edit }).click();
    const detail = page.getByRole('textbox', { name: t.detail });
    expect(await detail.inputValue()).toBe('长安街 5 号');
    expect(await page.getByRole('combobox', { name: t.city }).inputValue()).toBe('110100');
    await detail.fill('长安街 6 号');
    expect((await post(page.getByRole('button', { name: t.save }))).status()).toBe(303);
    expect(await card('长安街 6 号').count()).toBe(1);

    expect((await post(card('长安街 6 号').getByRole('button', { name: t.setDefault }))).status()).toBe(303);
    // the default comes first, and offers no 设为默认
    expect(await cards().first().textContent()).toContain('长安街 6 号');
    expect(await card('长安街 6 号').getByRole('button', { name: t.setDefault }).count()).toBe(0);
    await shot('addresses');

    expect((await post(card('天河路 8 号').getByRole('button', { name: t.remove }))).status()).toBe(303);
    await expect.poll(() => cards().count()).toBe(1);
    expect(await card('天河路 8 号').count()).toBe(0);
  });
});
