/**
 * End to end, the back office's products: Debian's Chromium against the real gateway and service.
 * The admin creates a product in the editor and uploads two photographs; a shopper finds it by
 * search within 2 s, gets AVIF in its picture's srcset and buys it (paid on the lpay page); the admin's price edit shows on the product page within 2 s; two admins
 * edit the same version in two browser contexts and the second is refused with the stale-edit
 * message, reloads the latest version without losing what was typed and saves. Both screens pass
 * axe in zh-CN and en-GB at 1280 px and keep every control inside a 390 px phone, with no
 * hydration error. Screenshots: test-results/screenshots/products-*.png.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, settle } from './a11y.ts';
import { hydrated, PHONE_VIEWPORT, type Shop, shot, startShop } from './harness.ts';
import { controlsWithoutFocusIndicator, tabTo } from './keyboard.ts';
import { createAddress, gql, placeOrder } from './shopper.ts';
import { controlsOutsideViewport } from './viewport.ts';

const HYDRATION_PROBLEM =
  /Minified React error #(418|419|421|422|423|425)\b|Hydration failed|did not match|hydrated but some attributes|Text content does not match|hydrat(ion|ing) (error|mismatch)/i;
/** What shoppers see follows an edit within this (docs/product.md's promise for the back office). */
const FRESH_MS = 2_000;

let shop: Shop;
let admin: Page;
let shopper: Page;
const hydrationProblems: string[] = [];
const suffix = String(Date.now()).slice(-6);
const NAME_ZH = `测试保温杯${suffix}`;
const NAME_EN = `Test flask ${suffix}`;

/** A new 1280 px context in `locale` signed in as `account`, listening for hydration problems. */
async function signedInPage(account: string, password: string, locale = 'zh-CN'): Promise<Page> {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  context.setDefaultTimeout(20_000);
  await context.addCookies([{ name: 'shop_locale', value: locale, url: shop.origin }]);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (HYDRATION_PROBLEM.test(message.text())) hydrationProblems.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto(`${shop.origin}/home`);
  await gql(page, 'mutation($input: LoginInput!) { login(input: $input) { defaultPassword } }', {
    input: { account, password },
  });
  return page;
}

/** A real photograph-sized PNG of one colour (the upload checks the bytes are a picture). */
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** Fills a form control found by its label (the editor's labels carry a '*' when required). */
const field = (page: Page, label: RegExp) => page.getByLabel(label);

/** How long until `check` (which loads a page afresh) passes, polling; fails past `limit`. */
async function timeUntil(check: () => Promise<boolean>, limit = 10_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limit) {
    if (await check()) return Date.now() - started;
  }
  throw new Error(`not seen within ${limit} ms`);
}

let productId = '';

beforeAll(async () => {
  shop = await startShop();
  admin = await signedInPage('admin', 'admin123');
  const shopperContext = await shop.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
  });
  shopperContext.setDefaultTimeout(20_000);
  shopper = await shopperContext.newPage();
  await shopper.goto(`${shop.origin}/home`);
  await gql(shopper, 'mutation($input: RegisterInput!) { register(input: $input) { userId } }', {
    input: { username: `pd_${suffix}`, password: 'Passw0rd.pd', phone: `136${suffix.padStart(8, '0')}` },
  });
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

describe('back-office products end to end', () => {
  it('the admin creates a product in the editor; a shopper finds it by search within 2 s and buys it', async () => {
    onTestFailed(() => shot(admin, 'products-failure-create'));
    await admin.goto(`${shop.origin}/admin/products`);
    await admin.getByRole('heading', { level: 1, name: '商品管理' }).waitFor();
    const create = admin.getByRole('link', { name: '新增商品' });
    await hydrated(create);
    await create.click();
    await admin.waitForURL(/\/admin\/products\/new$/);
    await admin.getByRole('heading', { level: 1, name: '新增商品' }).waitFor();

    // the shared rules speak before anything is sent
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('中文名称 不能为空').waitFor();
    await field(admin, /中文名称/).fill(NAME_ZH);
    await field(admin, /英文名称/).fill(NAME_EN);
    await field(admin, /中文描述/).fill('端到端测试创建的商品');
    await field(admin, /英文描述/).fill('Made by the end-to-end test');
    const category = field(admin, /商品分类/);
    const firstCategory = await category.locator('option').nth(1).getAttribute('value');
    await category.selectOption(firstCategory ?? '');
    await field(admin, /售价/).fill('66.6');
    await field(admin, /原价/).fill('88');
    await field(admin, /库存/).fill('20');
    await admin.getByRole('checkbox', { name: '新品' }).check();
    await shot(admin, 'products-zh-editor-new');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.waitForURL(/\/admin\/products\/\d+$/);
    productId = /\/admin\/products\/(\d+)$/.exec(admin.url())?.[1] ?? '';
    await admin.getByRole('heading', { level: 1, name: '编辑商品' }).waitFor();
    await expect.poll(() => field(admin, /售价/).inputValue()).toBe('66.60');
    await admin
      .getByRole('region', { name: '修改记录' })
      .getByText(/admin 于/)
      .first()
      .waitFor();

    // a shopper's search finds it within 2 s of the save
    const found = await timeUntil(async () => {
      await shopper.goto(`${shop.origin}/category/search-result?keyword=${encodeURIComponent(NAME_ZH)}`);
      return (await shopper.getByRole('link', { name: new RegExp(NAME_ZH) }).count()) > 0;
    });
    expect(found).toBeLessThan(FRESH_MS);
    await shot(shopper, 'products-zh-search');

    // two photographs through the uploader (the files module and its upload proxy)
    const photos = admin.getByRole('region', { name: '商品图片' });
    await photos.getByRole('button', { name: '选择图片' }).waitFor();
    await photos
      .locator('input[type="file"]')
      .setInputFiles([await photo('red.png', '#e03030'), await photo('blue.png', '#3050e0')]);
    await expect.poll(() => photos.getByRole('img').count(), { timeout: 20_000 }).toBe(2);
    await shot(admin, 'products-zh-photos');
    // the shopper sees them in the formats the storefront's <picture> offers
    await shopper.goto(`${shop.origin}/category/goods-detail/${productId}`);
    const avif = shopper.locator('main picture source[type="image/avif"]').first();
    await expect.poll(() => avif.getAttribute('srcset')).toMatch(/avif/);

    // and buys it, paying on the lpay page
    const addressId = await createAddress(shopper);
    const orderId = await placeOrder(shopper, productId, addressId, 2);
    const started = await gql<{ startPayment: { payUrl: string } }>(
      shopper,
      'mutation($input: StartPaymentInput!) { startPayment(input: $input) { payUrl } }',
      { input: { orderId, method: 'LPAY' } },
    );
    await shopper.goto(new URL(started.startPayment.payUrl, shop.origin).toString());
    await shopper.locator('button.primary').click();
    await shopper.waitForURL(/\/order\/pay-result\?orderId=\d+/);
    await expect.poll(() => shopper.getByTestId('pay-result').getAttribute('data-outcome')).toBe('paid');
    const order = await gql<{ order: { payableAmount: { fen: number }; status: string } }>(
      shopper,
      'query($id: ID!) { order(id: $id) { status payableAmount { fen } } }',
      { id: orderId },
    );
    expect(order.order.status).toBe('PAID');
    expect(order.order.payableAmount.fen).toBeGreaterThanOrEqual(2 * 6660);

    // the list finds it by name, with the stock the order took
    await admin.goto(`${shop.origin}/admin/products?keyword=${encodeURIComponent(NAME_ZH)}`);
    const row = admin.getByRole('row').filter({ hasText: NAME_ZH });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/¥66\.60\s*18\s*已上架/);
    await shot(admin, 'products-zh-list');
  });

  it("the admin's price edit shows on the product page within 2 s", async () => {
    onTestFailed(() => shot(admin, 'products-failure-price'));
    await admin.goto(`${shop.origin}/admin/products/${productId}`);
    const price = field(admin, /售价/);
    await hydrated(price);
    await price.fill('55.5');
    await admin.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => price.inputValue()).toBe('55.50');
    const seen = await timeUntil(async () => {
      await shopper.goto(`${shop.origin}/category/goods-detail/${productId}`);
      return (await shopper.getByText('¥55.50').count()) > 0;
    });
    expect(seen).toBeLessThan(FRESH_MS);
    await admin.getByRole('region', { name: '修改记录' }).getByText('售价（元）：66.60 → 55.50').waitFor();
    await shot(shopper, 'products-zh-goods-new-price');
  });

  it('two stale edits in two browser contexts: the second is refused, reloads keeping its input, then saves', async () => {
    const other = await signedInPage('admin', 'admin123');
    onTestFailed(async () => {
      await Promise.all([shot(admin, 'products-failure-stale-a'), shot(other, 'products-failure-stale-b')]);
    });
    for (const page of [admin, other]) {
      await page.goto(`${shop.origin}/admin/products/${productId}`);
      await hydrated(field(page, /中文名称/));
    }
    await field(admin, /中文名称/).fill(`${NAME_ZH}改`);
    await admin.getByRole('button', { name: '保存' }).click();
    await admin
      .getByRole('region', { name: '修改记录' })
      .getByText(`中文名称：${NAME_ZH} → ${NAME_ZH}改`)
      .waitFor();

    await field(other, /售价/).fill('44');
    await other.getByRole('button', { name: '保存' }).click();
    const alert = other.getByRole('alert').filter({ hasText: '该商品已被他人修改' });
    await alert.waitFor();
    await shot(other, 'products-zh-stale');
    expect(await field(other, /售价/).inputValue()).toBe('44');
    await alert.getByRole('button', { name: '载入最新版本' }).click();
    await other.getByText(`中文名称：${NAME_ZH}改`).waitFor();
    expect(await field(other, /中文名称/).inputValue()).toBe(`${NAME_ZH}改`);
    expect(await field(other, /售价/).inputValue()).toBe('44');
    await other.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => field(other, /售价/).inputValue()).toBe('44.00');

    const stored = await gql<{ adminProduct: { nameZh: string; price: { fen: number }; version: number } }>(
      admin,
      'query($id: ID!) { adminProduct(id: $id) { nameZh price { fen } version } }',
      { id: productId },
    );
    // neither edit is lost
    expect(stored.adminProduct).toMatchObject({ nameZh: `${NAME_ZH}改`, price: { fen: 4400 } });
    await other.context().close();
  });

  it('both screens pass axe in both languages at 1280 px, keep every control inside 390 px, and hydrate cleanly', async () => {
    onTestFailed(() => shot(admin, 'products-failure-a11y'));
    const screens = [
      ['list', '/admin/products', { 'zh-CN': '商品管理', 'en-GB': 'Products' }],
      ['editor', `/admin/products/${productId}`, { 'zh-CN': '编辑商品', 'en-GB': 'Edit product' }],
      ['new', '/admin/products/new', { 'zh-CN': '新增商品', 'en-GB': 'New product' }],
    ] as const;
    const violations: string[] = [];
    const outside: string[] = [];
    const unseen: string[] = [];
    for (const locale of ['zh-CN', 'en-GB'] as const) {
      const page = await signedInPage('admin', 'admin123', locale);
      for (const viewport of [{ width: 1280, height: 900 }, PHONE_VIEWPORT]) {
        await page.setViewportSize(viewport);
        for (const [name, path, title] of screens) {
          await page.goto(`${shop.origin}${path}`);
          await page.getByRole('heading', { level: 1, name: title[locale] }).waitFor();
          await settle(page);
          const where = `${name} ${locale} ${viewport.width}px`;
          violations.push(...(await axeViolations(page, where)));
          if (viewport.width !== PHONE_VIEWPORT.width) {
            unseen.push(...(await controlsWithoutFocusIndicator(page)).map((line) => `${where}: ${line}`));
          } else {
            outside.push(...(await controlsOutsideViewport(page)).map((line) => `${where}: ${line}`));
          }
          await shot(page, `products-${locale}-${viewport.width}-${name}`);
        }
      }
      await page.context().close();
    }
    // one verdict, so a failure lists every kind of problem at once
    expect({ violations, outside, unseen, hydrationProblems }).toEqual({
      violations: [],
      outside: [],
      unseen: [],
      hydrationProblems: [],
    });
  });

  it('works from the keyboard alone: open the editor from the list, hear the rules, leave after the question', async () => {
    onTestFailed(() => shot(admin, 'products-failure-keyboard'));
    const unseen: string[] = [];
    await admin.goto(`${shop.origin}/admin/products?keyword=${encodeURIComponent(NAME_ZH)}`);
    await hydrated(admin.getByRole('link', { name: '新增商品' }));
    await tabTo(admin, /^编辑 /, unseen, { tag: 'a' });
    await admin.keyboard.press('Enter');
    await admin.waitForURL(new RegExp(`/admin/products/${productId}$`));
    await admin.getByRole('heading', { level: 1, name: '编辑商品' }).waitFor();
    await tabTo(admin, /中文名称/, unseen, { tag: 'input' });
    await admin.keyboard.press('Control+A');
    await admin.keyboard.press('Backspace');
    await tabTo(admin, /^保存$/, unseen, { tag: 'button' });
    await admin.keyboard.press('Enter');
    await admin.getByText('中文名称 不能为空').waitFor();
    // the first invalid field has the focus again: type the name back, then leave without saving
    await admin.keyboard.type(`${NAME_ZH}键`);
    await tabTo(admin, /返回商品列表/, unseen, { tag: 'a', back: true });
    await admin.keyboard.press('Enter');
    const question = admin.getByRole('alertdialog');
    await question.getByText('有尚未保存的修改，确定离开此页吗？').waitFor();
    await admin.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(new URL(admin.url()).pathname).toBe(`/admin/products/${productId}`);
    expect(await field(admin, /中文名称/).inputValue()).toBe(`${NAME_ZH}键`);
    // asked once more, the answer is to leave
    await admin.getByRole('link', { name: /返回商品列表/ }).focus();
    await admin.keyboard.press('Enter');
    await admin.getByRole('alertdialog').getByRole('button', { name: '离开' }).focus();
    await admin.keyboard.press('Enter');
    await admin.waitForURL(/\/admin\/products$/);
    expect(unseen).toEqual([]);
  });
});
