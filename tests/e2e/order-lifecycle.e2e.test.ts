/**
 * End to end, in Debian's Chromium against the real servers: the whole order lifecycle as a
 * shopper sees it, in zh-CN and en-GB. The shopper registers, uploads an avatar (a real PNG made
 * here), submits real-name data and pays an order on lpay; the admin ships it from the back
 * office (second browser context, zh-CN); the shopper confirms receipt and applies for a refund;
 * the admin approves it in 退款审核; the shopper sees the refund on the order detail, in
 * the after-sales progress and in the bill; a cancelled order gives its stock back. Then the
 * cart, product and order screens at 390×844 with every control inside the viewport.
 * Screenshots: test-results/screenshots/shopper-*.png.
 */
import zlib from 'node:zlib';
import { citizenIdCheckChar } from '@shop/common/validators.ts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { hydrated, phoneContext, type Shop, shot, startShop } from './harness.ts';
import { createAddress, gql, placeOrder } from './shopper.ts';

let shop: Shop;
let admin: Page;

beforeAll(async () => {
  shop = await startShop();
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(20_000);
  admin = await context.newPage();
  await admin.goto(`${shop.origin}/home`);
  const login = await gql<{ login: { session: { isAuthenticated: boolean } } }>(
    admin,
    'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }',
    { input: { account: 'admin', password: 'admin123' } },
  );
  expect(login.login.session.isAuthenticated).toBe(true);
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

/**
 * Clicks a button of the server's HTML once React has taken it over (the server renders the
 * permitted actions; before hydration they have no handler yet).
 */
async function clickLive(button: Locator) {
  await hydrated(button);
  await button.click();
}

/** The admin ships the order from 待发货订单 in the back office, with a courier and a waybill number. */
async function shipInBackOffice(orderNo: string) {
  await admin.goto(`${shop.origin}/admin/orders?status=PAID&orderNo=${orderNo}`);
  const row = admin.getByRole('article', { name: `订单号 ${orderNo}` });
  await clickLive(row.getByRole('button', { name: '发货' }));
  const dialog = admin.getByRole('dialog', { name: `发货 · ${orderNo}` });
  await dialog.getByRole('combobox', { name: /快递公司/ }).selectOption('SF');
  await dialog.getByRole('textbox', { name: /运单号/ }).fill('SF1234567890');
  await dialog.getByRole('button', { name: '发货' }).click();
  await row.waitFor({ state: 'detached' });
}

/** The admin approves the order's pending refund in 退款审核. */
async function approveInBackOffice(orderNo: string) {
  await admin.goto(`${shop.origin}/admin/refunds?reviewStatus=PENDING`);
  const row = admin.getByRole('article', { name: `订单号 ${orderNo}` });
  // the list is rendered on the server with the admin's buttons: the dialog opens once React has them
  await clickLive(row.getByRole('button', { name: '审核' }));
  const dialog = admin.getByRole('dialog', { name: '审核退款申请' });
  await dialog.getByRole('radio', { name: '通过（退回款项）' }).check();
  await dialog.getByRole('textbox', { name: /审核备注/ }).fill('同意退款');
  await dialog.getByRole('button', { name: '提交' }).click();
  await dialog.waitFor({ state: 'detached' });
}

// --- a real PNG (8×8, red), made here so that the upload is a genuine image ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function redPng(size = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xe0, 0x20, 0x30]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A citizen ID number that passes the citizen ID check (random sequence, real check character). */
function citizenId(): string {
  const first17 = `11010519900307${String(Math.floor(Math.random() * 900) + 100)}`;
  return `${first17}${citizenIdCheckChar(first17)}`;
}

/** The texts each round reads, in its locale. */
const ZH = {
  locale: 'zh-CN',
  prefix: 'zh',
  goRegister: '立即注册',
  username: /用户名/,
  password: /密码/,
  phone: /手机号码/,
  register: '注册',
  upload: '上传头像',
  avatar: '头像',
  realName: '张三',
  realNameLabel: /真实姓名/,
  idLabel: /身份证号码/,
  submitReal: '提交实名认证',
  verified: '已实名',
  payable: '应付款',
  paid: '实付款',
  pay: '去支付',
  paidHeadline: '支付成功',
  orderDetail: '查看订单详情',
  detailLink: '订单详情',
  receive: '确认收货',
  refund: '申请退款',
  reason: /退款原因/,
  submit: '提交',
  keepOrder: '再想想',
  cancel: '取消订单',
  refundPending: '退款审核中',
  refunded: '已退款',
  passed: '已通过',
  afterSales: '售后进度',
  income: '收入 · 退款收入',
  expense: '支出 · 订单支付',
  statusPaid: '待发货',
  statusShipped: '待收货',
  statusComplete: '已完成',
  statusCancel: '已取消',
  copy: '复制订单编号',
  copied: '复制成功',
};

const EN: typeof ZH = {
  locale: 'en-GB',
  prefix: 'en',
  goRegister: 'Register now',
  username: /User name/,
  password: /Password/,
  phone: /Phone number/,
  register: 'Register',
  upload: 'Upload avatar',
  avatar: 'Avatar',
  realName: 'Li Lei',
  realNameLabel: /Real name/,
  idLabel: /Citizen ID number/,
  submitReal: 'Submit verification',
  verified: 'Verified',
  payable: 'Payable',
  paid: 'Amount paid',
  pay: 'Pay',
  paidHeadline: 'Payment successful',
  orderDetail: 'View order details',
  detailLink: 'Order details',
  receive: 'Confirm receipt',
  refund: 'Apply for refund',
  reason: /Reason/,
  submit: 'Submit',
  keepOrder: 'Keep order',
  cancel: 'Cancel order',
  refundPending: 'Refund under review',
  refunded: 'Refunded',
  passed: 'Passed',
  afterSales: 'After-sales progress',
  income: 'Income · Refund income',
  expense: 'Expense · Order payment',
  statusPaid: 'Awaiting delivery',
  statusShipped: 'Awaiting receipt',
  statusComplete: 'Complete',
  statusCancel: 'Cancelled',
  copy: 'Copy the order number',
  copied: 'Copy successful',
};

interface Product {
  id: string;
  stock: number;
}

/** A product on the shelf with enough stock (asked through the gateway). */
async function productInStock(page: Page, atLeast = 5): Promise<Product> {
  const data = await gql<{ products: { records: Product[] } }>(
    page,
    '{ products(page: { pageNum: 1, pageSize: 30 }) { records { id stock } } }',
  );
  const product = data.products.records.find((p) => p.stock >= atLeast);
  if (!product) throw new Error('no product in stock');
  return product;
}

/** Units in stock now, asked privately (the public product query is cached by the gateway). */
async function stockOf(page: Page, id: string): Promise<number> {
  const data = await gql<{ orderPreview: { items: Array<{ stock: number }> } }>(
    page,
    'query($input: OrderPreviewInput!) { orderPreview(input: $input) { items { stock } } }',
    { input: { productId: id, quantity: 1 } },
  );
  return data.orderPreview.items[0].stock;
}

/** Every visible control lies inside the viewport's width (tabs of a scrolling strip excepted). */
async function expectControlsInside(page: Page, width: number, name: string) {
  const outside = await page.evaluate((viewportWidth) => {
    const bad: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden (e.g. the real file input)
      if (el.closest('[role="tablist"]')) continue; // checked by scrolling each tab into view
      // inside a sideways-scrolling strip (the centre's menu on a phone) a control is reached by scrolling
      let strip = el.parentElement;
      while (strip && !['auto', 'scroll'].includes(getComputedStyle(strip).overflowX))
        strip = strip.parentElement;
      if (strip && strip.scrollWidth > strip.clientWidth) {
        const area = strip.getBoundingClientRect();
        if (area.left >= -0.5 && area.right <= viewportWidth + 0.5) continue;
      }
      // a skip link waits off-screen until it is focused
      if (el.matches('a[href^="#"]') && box.right <= 0) continue;
      if (box.left < -0.5 || box.right > viewportWidth + 0.5)
        bad.push(
          `${el.tagName} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}" ${box.left}-${box.right}`,
        );
    }
    return bad;
  }, width);
  expect(outside, `controls outside the viewport on ${name}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectInside(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

describe.each([ZH, EN])('the order lifecycle in the browser ($locale)', (t) => {
  let context: BrowserContext;
  let page: Page;
  let addressId = '';
  let orderId = '';
  const suffix = `${Date.now() % 10_000_000}`.padStart(7, '0');
  const shopper = {
    username: `life_${t.prefix}_${suffix}`,
    password: 'Passw0rd.life',
    phone: `13${t.prefix === 'zh' ? 6 : 7}${suffix}${Math.floor(Math.random() * 10)}`,
  };
  const shotAs = (name: string) => shot(page, `shopper-${t.prefix}-${name}`);

  beforeAll(async () => {
    context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: t.locale });
    context.setDefaultTimeout(20_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.origin });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('registers and submits real-name data, shown masked', async () => {
    onTestFailed(() => shotAs('failure-profile'));
    await page.goto(`${shop.origin}/login`);
    // The browser's language picks the page's on a first visit: no switching needed.
    expect(await page.locator('html').getAttribute('lang')).toBe(t.locale);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: t.goRegister }).click();
    await main.getByRole('textbox', { name: t.username }).fill(shopper.username);
    await main.getByLabel(t.password).fill(shopper.password);
    await main.getByRole('textbox', { name: t.phone }).fill(shopper.phone);
    await main.getByRole('button', { name: t.register, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`${shop.origin}/user/center/info`);
    const real = page.getByRole('form', { name: /实名认证|Real-name verification/ });
    await hydrated(real.getByLabel(t.idLabel));
    await real.getByLabel(t.realNameLabel).fill(t.realName);
    const id = citizenId();
    await real.getByLabel(t.idLabel).fill(id);
    await real.getByRole('button', { name: t.submitReal }).click();
    const verified = page.getByTestId('real-name-verified');
    await verified.waitFor();
    await expect.poll(() => verified.textContent()).toContain(t.verified);
    const text = (await verified.textContent()) ?? '';
    expect(text).toContain(`${id.slice(0, 6)}********${id.slice(-4)}`);
    expect(text).not.toContain(id);
    await shotAs('real-name');
  });

  // The gateway signs the cookie session's upload with the access token it holds.
  it('uploads an avatar: multipart through the gateway with the session cookie, then saved', async () => {
    onTestFailed(() => shotAs('failure-avatar'));
    await page.goto(`${shop.origin}/user/center/info`);
    await page
      .getByLabel(t.upload)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: redPng() });
    // the saved photo shows as the variant its 64-px place needs (AVIF), not the file as uploaded
    const avatar = page.getByRole('img', { name: t.avatar, exact: true });
    const shown = () =>
      avatar.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? img.currentSrc : '',
      );
    await expect.poll(shown).toMatch(/\/service\/file\/down\?fullfilename=[0-9a-f]{32}\.png&w=200&fm=avif$/);
    const stored = await gql<{ viewer: { avatar: string } }>(page, '{ viewer { avatar } }');
    expect(await shown()).toBe(`${shop.origin}${stored.viewer.avatar}&w=200&fm=avif`);
    const image = await page.request.get(`${shop.origin}${stored.viewer.avatar}`);
    expect(image.status()).toBe(200);
    expect((await image.body()).subarray(1, 4).toString('ascii')).toBe('PNG');
    // the header's avatar too, after a reload: the server-rendered <picture> picks the same variant
    await page.reload();
    const menuAvatar = page.locator('header button[aria-haspopup] img');
    await expect
      .poll(() => menuAvatar.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')))
      .toBe(`${shop.origin}${stored.viewer.avatar}&w=200&fm=avif`);
    await shotAs('avatar');
  });

  it('pays an order from its detail page; the admin ships it; receipt; refund; approval; bill', async () => {
    onTestFailed(() => shotAs('failure-lifecycle'));
    const product = await productInStock(page);
    addressId = await createAddress(page);
    orderId = await placeOrder(page, product.id, addressId);

    // the list: an unpaid card says payable, never paid; the tab is in the URL
    await page.goto(`${shop.origin}/user/center/orders?status=PENDING`);
    const card = page.getByRole('article').first();
    await card.getByText(t.payable).waitFor();
    expect(await card.getByText(t.paid).count()).toBe(0);
    await shotAs('orders');
    await card.getByRole('link', { name: t.detailLink }).click();
    await page.waitForURL(new RegExp(`/user/center/orders/${orderId}$`));
    await page.getByRole('timer').waitFor();
    await page.getByRole('button', { name: t.copy }).click();
    await page.getByText(t.copied).waitFor();
    const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNo);
    await shotAs('order-detail-unpaid');

    await page.getByRole('button', { name: t.pay, exact: true }).click();
    await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
    await page.locator('button.primary').click();
    await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
    await page.getByText(t.paidHeadline).waitFor();
    await page.getByRole('link', { name: t.orderDetail }).click();
    const amounts = page.getByTestId('order-amounts');
    await amounts.getByText(t.paid).waitFor();
    await page.getByText(t.statusPaid, { exact: true }).first().waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);
    await shotAs('order-detail-paid');

    // the admin ships it from the back office
    await shipInBackOffice(orderNo);
    await page.reload();
    // how it left: the courier and the waybill number the admin gave
    await expect.poll(() => page.getByTestId('order-waybill').textContent()).toBe('SF1234567890');
    await clickLive(page.getByRole('button', { name: t.receive }));
    await page.getByRole('alertdialog').getByRole('button', { name: t.receive }).click();
    await expect.poll(() => page.locator('#order-status').textContent()).toContain(t.statusComplete);

    await page.getByRole('button', { name: t.refund }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.reason).fill(t.prefix === 'zh' ? '尺寸不合适' : 'Wrong size');
    await shotAs('refund-form');
    await dialog.getByRole('button', { name: t.submit }).click();
    await dialog.waitFor({ state: 'detached' });
    // updated from the mutation's answer, no reload
    await expect.poll(() => page.locator('#order-status').textContent()).toContain(t.refundPending);

    // the admin approves it in 退款审核
    await approveInBackOffice(orderNo);

    await page.reload();
    await expect.poll(() => page.locator('#order-status').textContent()).toContain(t.refunded);
    const progress = page.getByRole('list', { name: t.afterSales });
    await expect.poll(() => progress.textContent()).toContain(t.passed);
    await shotAs('order-detail-refunded');
    await page.getByRole('button', { name: t.afterSales }).click();
    await page.getByRole('dialog').getByText(t.passed).waitFor();
    await shotAs('after-sales');
    await page.keyboard.press('Escape');

    await page.goto(`${shop.origin}/user/center/bill`);
    const entries = page.getByTestId('bill-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain(t.income);
    expect(await entries.nth(1).textContent()).toContain(t.expense);
    await shotAs('bill');
  });

  it('cancels an unpaid order after confirmation and the stock comes back', async () => {
    onTestFailed(() => shotAs('failure-cancel'));
    const product = await productInStock(page);
    const before = await stockOf(page, product.id);
    const id = await placeOrder(page, product.id, addressId, 2);
    expect(await stockOf(page, product.id)).toBe(before - 2);
    await page.goto(`${shop.origin}/user/center/orders/${id}`);
    await clickLive(page.getByRole('button', { name: t.cancel }));
    // the confirmation's buttons name their action: cancel the order, or keep it
    const question = page.getByRole('alertdialog');
    await question.getByRole('button', { name: t.keepOrder }).waitFor();
    await question.getByRole('button', { name: t.cancel }).click();
    await expect.poll(() => page.locator('#order-status').textContent()).toContain(t.statusCancel);
    expect(await page.getByTestId('order-amounts').getByText(t.paid).count()).toBe(0);
    expect(await stockOf(page, product.id)).toBe(before);
  });

  it('fits a 390×844 phone: cart, product and order screens with every control in view', async () => {
    const phone = await phoneContext(shop, t.locale);
    const phonePage = await phone.newPage();
    try {
      // a new device, in the browser's language from the first page: log in on the login page
      await phonePage.goto(`${shop.origin}/login`);
      expect(await phonePage.locator('html').getAttribute('lang')).toBe(t.locale);
      const login = phonePage.getByRole('main');
      await login.getByRole('textbox').first().fill(shopper.username);
      await login.locator('input[type="password"]').fill(shopper.password);
      await login.getByRole('button', { name: /^(登录|Log in)$/ }).click();
      await phonePage.waitForURL((url) => !url.pathname.startsWith('/login'));
      await expect.poll(() => phonePage.evaluate(() => document.documentElement.lang)).toBe(t.locale);
      const product = await productInStock(phonePage);
      await gql(
        phonePage,
        'mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { totalQuantity } } }',
        {
          input: { productId: product.id, quantity: 2 },
        },
      );

      await phonePage.goto(`${shop.origin}/cart`);
      const line = phonePage.locator('[data-testid^="cart-line-"]').first();
      await line.waitFor();
      for (const control of [
        line.getByRole('button', { name: /增加|Increase/ }),
        line.getByRole('textbox'),
        line.getByRole('button', { name: /删除|Delete|Remove/ }),
      ])
        await expectInside(control, 390);
      await expectInside(line.locator('td').nth(4), 390); // the subtotal
      await expectControlsInside(phonePage, 390, 'cart');
      await shot(phonePage, `shopper-${t.prefix}-phone-cart`);

      await phonePage.goto(`${shop.origin}/goods/detail/${product.id}`);
      const buy = phonePage.getByRole('button', { name: /立即购买|Buy now/ });
      await buy.waitFor();
      await expectInside(buy, 390);
      const box = await buy.boundingBox();
      // the buy bar sits above the tab bar without scrolling
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      await expectControlsInside(phonePage, 390, 'product');
      await shot(phonePage, `shopper-${t.prefix}-phone-product`);

      await phonePage.goto(`${shop.origin}/user/center/orders`);
      await phonePage.getByRole('article').first().waitFor();
      // The server-rendered list is on screen before the app has taken it over; measure after.
      await phonePage.waitForLoadState('networkidle');
      const tabs = phonePage.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        // The tab row can be rendered anew once after the list refreshes (a node found before that
        // is detached), so each tab is measured again until it holds still.
        await vi.waitFor(
          async () => {
            await tabs.nth(i).scrollIntoViewIfNeeded({ timeout: 2_000 });
            await expectInside(tabs.nth(i), 390);
          },
          { timeout: 10_000, interval: 200 },
        );
      }
      await tabs.first().scrollIntoViewIfNeeded();
      await expectControlsInside(phonePage, 390, 'orders');
      await shot(phonePage, `shopper-${t.prefix}-phone-orders`);

      await phonePage.goto(`${shop.origin}/user/center/orders/${orderId}`);
      await phonePage.locator('#order-status').waitFor();
      await expectControlsInside(phonePage, 390, 'order detail');
      await shot(phonePage, `shopper-${t.prefix}-phone-order-detail`);

      await phonePage.goto(`${shop.origin}/user/center/bill`);
      await phonePage.getByTestId('bill-entry').first().waitFor();
      await expectControlsInside(phonePage, 390, 'bill');
      await shot(phonePage, `shopper-${t.prefix}-phone-bill`);
    } catch (failure) {
      await shot(phonePage, `shopper-${t.prefix}-phone-failure`);
      throw failure;
    } finally {
      await phone.close();
    }
  });
});
