/**
 * End to end, the back office: Debian's Chromium against the real servers. A shopper (its own
 * browser context) registers, pays an order on the lpay hosted page and, after shipping, asks
 * for a refund (the shopper's steps are GraphQL through the page: order-lifecycle.e2e covers their UI);
 * the admin (a second context) logs in with admin/admin123, is asked to change the initial
 * password, ships from 待发货订单 with a courier and a waybill number, approves or rejects from 退款审核 and reads the order detail;
 * the shopper is refused /admin/orders with '无访问权限'. zh-CN, then en-GB, then a 390×844
 * phone where no control of the back-office screens may lie outside the viewport.
 * Screenshots: test-results/screenshots/admin-*.png.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  gqlInPage,
  PHONE_VIEWPORT,
  phoneContext,
  type Shop,
  shot,
  startShop,
  switchLanguage,
} from './harness.ts';
import { controlsOutsideViewport } from './viewport.ts';

let shop: Shop;
let shopperContext: BrowserContext;
let adminContext: BrowserContext;
let shopper: Page;
let admin: Page;

const suffix = String(Date.now()).slice(-7);
const ADMIN_NEW_PASSWORD = 'Admin.e2e1';

interface GqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gqlInPage<GqlAnswer<T>>(page, query, variables);
  if (body.errors?.length || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Registers (signed in by the cookie) and adds a default address, all through the gateway. */
async function registerShopper(page: Page) {
  await page.goto(`${shop.origin}/home`);
  await gql(
    page,
    `mutation($input: RegisterInput!) { register(input: $input) { session { isAuthenticated } } }`,
    { input: { username: `bo_${suffix}`, password: 'Passw0rd.bo', phone: `137${suffix.padStart(8, '0')}` } },
  );
  const saved = await gql<{ createAddress: { address: { id: string } } }>(
    page,
    `mutation($input: CreateAddressInput!) { createAddress(input: $input) { address { id } } }`,
    {
      input: {
        recipient: '王五',
        phone: '13800138001',
        city: '广东省 广州市',
        detail: '天河路 1 号',
        isDefault: true,
      },
    },
  );
  return { username: `bo_${suffix}`, addressId: saved.createAddress.address.id };
}

/** Places an order of one product and pays it on the lpay hosted page in the browser. */
async function placeAndPay(page: Page, addressId: string) {
  const products = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
    page,
    '{ products(page: { pageSize: 30 }) { records { id stock } } }',
  );
  const product = products.products.records.find((record) => record.stock > 3);
  if (!product) throw new Error('no product in stock');
  const placed = await gql<{ placeOrder: { order: { id: string; orderNo: string } } }>(
    page,
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id orderNo } } }`,
    {
      input: {
        productId: product.id,
        quantity: 1,
        addressId,
        paymentMethod: 'LPAY',
        requestId: `bo-${suffix}-${Math.random()}`,
      },
    },
  );
  const { id, orderNo } = placed.placeOrder.order;
  const started = await gql<{ startPayment: { payUrl: string } }>(
    page,
    `mutation($input: StartPaymentInput!) { startPayment(input: $input) { payUrl } }`,
    { input: { orderId: id, method: 'LPAY' } },
  );
  await page.goto(new URL(started.startPayment.payUrl, shop.origin).toString());
  await page.locator('button.primary').click();
  await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
  await expect.poll(() => page.getByTestId('pay-result').getAttribute('data-outcome')).toBe('paid');
  return { id, orderNo };
}

/** The shopper confirms receipt of the shipped order and applies for a refund. */
async function receiveAndApplyRefund(page: Page, orderId: string, reason: string) {
  await gql(
    page,
    `mutation($input: ConfirmReceiptInput!) { confirmReceipt(input: $input) { order { id } } }`,
    {
      input: { orderId },
    },
  );
  await gql(page, `mutation($input: ApplyRefundInput!) { applyRefund(input: $input) { order { id } } }`, {
    input: { orderId, reason },
  });
}

async function orderState(page: Page, id: string) {
  const data = await gql<{
    order: { status: string; paymentStatus: string; refund: { reviewStatus: string; remark: string } | null };
  }>(page, 'query($id: ID!) { order(id: $id) { status paymentStatus refund { reviewStatus remark } } }', {
    id,
  });
  return data.order;
}

async function adminLogin(page: Page, password: string) {
  await page.goto(`${shop.origin}/login`);
  const form = page.getByRole('main');
  await form.getByRole('textbox').first().fill('admin');
  await form.locator('input[type="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const ZH = {
  banner: '您仍在使用初始密码，请尽快修改',
  changeNow: '立即修改密码',
  backOffice: '后台管理',
  orders: '待发货订单',
  refunds: '退款审核',
  orderNo: '订单号',
  ship: '发货',
  shipped: '发货成功',
  courier: /快递公司/,
  waybillNo: /运单号/,
  courierName: '顺丰速运',
  noWaybill: '运单号 不能为空',
  received: '待收货',
  detail: '订单详情',
  review: '审核',
  reviewTitle: '审核退款申请',
  approve: '通过（退回款项）',
  reject: '拒绝',
  remark: /审核备注/,
  submit: '提交',
  reviewFilter: '审核状态',
  pending: '待审核',
  passed: '已通过',
  rejected: '已拒绝',
  required: '审核备注 不能为空',
  forbidden: '无访问权限',
  userMenu: /用户菜单/,
};
const EN: typeof ZH = {
  banner: 'You are still using the initial password; please change it soon',
  changeNow: 'Change password now',
  backOffice: 'Back office',
  orders: 'Orders to ship',
  refunds: 'Refund review',
  orderNo: 'Order number',
  ship: 'Ship',
  shipped: 'The order has been shipped',
  courier: /Courier/,
  waybillNo: /Waybill number/,
  courierName: 'SF Express',
  noWaybill: 'Waybill number cannot be empty',
  received: 'Awaiting receipt',
  detail: 'Order details',
  review: 'Review',
  reviewTitle: 'Review the refund application',
  approve: 'Approve (return the money)',
  reject: 'Reject',
  remark: /Review remark/,
  submit: 'Submit',
  reviewFilter: 'Review status',
  pending: 'Pending review',
  passed: 'Passed',
  rejected: 'Rejected',
  required: 'Review remark',
  forbidden: 'No access permission',
  userMenu: /User menu/,
};

/** The admin ships `order` from the list (opened from the user menu), then reads its detail. */
async function shipFromList(t: typeof ZH, prefix: string, order: { id: string; orderNo: string }) {
  await admin.getByRole('button', { name: t.userMenu }).click();
  // The header links the back office too; this one is the entry in the opened user menu.
  await admin.getByRole('link', { name: t.backOffice }).last().click();
  await admin.waitForURL(/\/admin\/orders/);
  await admin.getByRole('heading', { level: 1, name: t.orders }).waitFor();
  const row = admin.getByRole('article', { name: `${t.orderNo} ${order.orderNo}` });
  await row.waitFor();
  await shot(admin, `${prefix}-orders`);
  await row.getByRole('button', { name: t.ship }).click();
  const dialog = admin.getByRole('dialog', { name: `${t.ship} · ${order.orderNo}` });
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: t.courier }).selectOption('SF');
  // a missing waybill number is refused beside its field before anything is sent
  await dialog.getByRole('button', { name: t.ship }).click();
  await dialog.getByText(t.noWaybill).waitFor();
  await shot(admin, `${prefix}-ship-dialog`);
  await dialog.getByRole('textbox', { name: t.waybillNo }).fill('SF1234567890');
  await dialog.getByRole('button', { name: t.ship }).click();
  await admin.getByText(t.shipped).first().waitFor();
  // the paid list drops the shipped order without a reload
  await row.waitFor({ state: 'detached' });

  await admin.goto(`${shop.origin}/admin/orders/${order.id}`);
  await admin.getByRole('heading', { level: 1, name: `${t.detail} · ${order.orderNo}` }).waitFor();
  await admin.getByText(t.received).first().waitFor();
  await admin.getByText(t.courierName).first().waitFor();
  await admin.getByText('SF1234567890').first().waitFor();
  // the hidden detail route keeps 待发货订单 highlighted
  await expect
    .poll(() =>
      admin
        .getByRole('navigation', { name: t.backOffice })
        .getByRole('link', { name: t.orders })
        .getAttribute('aria-current'),
    )
    .toBe('page');
  await shot(admin, `${prefix}-order-detail`);
}

/** The admin reviews the pending refund of `order` from 退款审核. */
async function review(
  t: typeof ZH,
  prefix: string,
  order: { orderNo: string },
  approve: boolean,
  remark: string,
) {
  await admin.getByRole('navigation', { name: t.backOffice }).getByRole('link', { name: t.refunds }).click();
  await admin.waitForURL(/\/admin\/refunds/);
  await admin.getByRole('combobox', { name: t.reviewFilter }).selectOption({ label: t.pending });
  await admin.waitForURL(/reviewStatus=PENDING/);
  const row = admin.getByRole('article', { name: `${t.orderNo} ${order.orderNo}` });
  await row.waitFor();
  await shot(admin, `${prefix}-refunds`);
  await row.getByRole('button', { name: t.review }).click();
  const dialog = admin.getByRole('dialog', { name: t.reviewTitle });
  await dialog.getByRole('radio', { name: approve ? t.approve : t.reject }).check();
  if (!approve) {
    // a rejection must say why
    await dialog.getByRole('button', { name: t.submit }).click();
    await dialog.getByText(t.required).first().waitFor();
  }
  await dialog.getByRole('textbox', { name: t.remark }).fill(remark);
  await shot(admin, `${prefix}-review-dialog`);
  await dialog.getByRole('button', { name: t.submit }).click();
  await dialog.waitFor({ state: 'detached' });
  // the pending list drops it at once; under 全部类型 it shows its new state
  await row.waitFor({ state: 'detached' });
  await admin.getByRole('combobox', { name: t.reviewFilter }).selectOption('');
  const reviewed = admin.getByRole('article', { name: `${t.orderNo} ${order.orderNo}` });
  await reviewed.getByText(approve ? t.passed : t.rejected).waitFor();
}

/** The shopper types a back-office URL: '无访问权限' (toast and screen), still signed in. */
async function refused(t: typeof ZH, prefix: string) {
  await shopper.goto(`${shop.origin}/admin/orders`);
  await shopper.waitForURL(/\/no-authority/);
  await shopper.getByRole('heading', { level: 1, name: t.forbidden }).waitFor();
  await expect.poll(() => shopper.getByText(t.forbidden).count()).toBeGreaterThan(1);
  await shot(shopper, `${prefix}-no-authority`);
  const viewer = await gqlInPage<GqlAnswer<{ session: { isAuthenticated: boolean } }>>(
    shopper,
    '{ session { isAuthenticated } }',
  );
  expect(viewer.data?.session.isAuthenticated).toBe(true);
}

let account: { username: string; addressId: string };
let zhOrder: { id: string; orderNo: string };

beforeAll(async () => {
  shop = await startShop();
  shopperContext = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  adminContext = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  shopperContext.setDefaultTimeout(20_000);
  adminContext.setDefaultTimeout(20_000);
  shopper = await shopperContext.newPage();
  admin = await adminContext.newPage();
  account = await registerShopper(shopper);
});

afterAll(async () => {
  await shop?.close();
});

describe('back office end to end', () => {
  it('zh-CN: the admin ships, approves a refund, reads the detail; a shopper is refused', async () => {
    onTestFailed(async () => {
      await Promise.all([shot(admin, 'admin-failure-zh'), shot(shopper, 'admin-failure-zh-shopper')]);
    });
    zhOrder = await placeAndPay(shopper, account.addressId);

    await adminLogin(admin, 'admin123');
    await admin.goto(`${shop.origin}/home`);
    const banner = admin.getByRole('status').filter({ hasText: ZH.banner });
    await banner.waitFor();
    await expect
      .poll(() => banner.getByRole('link', { name: ZH.changeNow }).getAttribute('href'))
      .toBe('/user/center/password');
    await shot(admin, 'admin-zh-default-password');

    await shipFromList(ZH, 'admin-zh', zhOrder);
    await receiveAndApplyRefund(shopper, zhOrder.id, '尺码不合适');
    await review(ZH, 'admin-zh', zhOrder, true, '同意退款');
    // the order detail reads the review at once: the refund history shows both steps
    await admin.goto(`${shop.origin}/admin/orders/${zhOrder.id}`);
    await admin.getByText('同意退款').first().waitFor();
    await admin.getByText('尺码不合适').first().waitFor();
    expect(await orderState(shopper, zhOrder.id)).toMatchObject({
      status: 'COMPLETE',
      paymentStatus: 'REFUND',
      refund: { reviewStatus: 'PASSED', remark: '同意退款' },
    });

    await refused(ZH, 'admin-zh');
  });

  it('en-GB: ships and rejects with a remark; the admin changes the initial password and is no longer asked', async () => {
    onTestFailed(async () => {
      await Promise.all([shot(admin, 'admin-failure-en'), shot(shopper, 'admin-failure-en-shopper')]);
    });
    await switchLanguage(shopper, shop.origin, 'en-GB');
    await switchLanguage(admin, shop.origin, 'en-GB');
    const order = await placeAndPay(shopper, account.addressId);
    await admin.goto(`${shop.origin}/home`);
    await admin.getByRole('status').filter({ hasText: EN.banner }).waitFor();
    await shot(admin, 'admin-en-default-password');

    await shipFromList(EN, 'admin-en', order);
    await receiveAndApplyRefund(shopper, order.id, 'Wrong size');
    await review(EN, 'admin-en', order, false, 'Please return the goods first');
    expect(await orderState(shopper, order.id)).toMatchObject({
      paymentStatus: 'PAID',
      refund: { reviewStatus: 'REJECTED', remark: 'Please return the goods first' },
    });
    await refused(EN, 'admin-en');

    // the prompt leads to the change-password panel and is gone after the change
    await admin.goto(`${shop.origin}/home`);
    await admin.getByRole('link', { name: EN.changeNow }).click();
    await admin.waitForURL(/\/user\/center\/password/);
    const form = admin.getByRole('main');
    const fields = form.locator('input[type="password"]');
    await fields.nth(0).fill('admin123');
    await fields.nth(1).fill(ADMIN_NEW_PASSWORD);
    await fields.nth(2).fill(ADMIN_NEW_PASSWORD);
    await form.locator('button[type="submit"]').click();
    await admin.getByRole('status').filter({ hasText: EN.banner }).waitFor({ state: 'detached' });
    await admin.goto(`${shop.origin}/home`);
    await admin.getByRole('heading', { name: 'Popular Products' }).waitFor();
    expect(await admin.getByText(EN.banner).count()).toBe(0);
  });

  it('390×844: the back-office lists, detail and the refusal keep every control inside the viewport, in both locales', async () => {
    const phone = await phoneContext(shop);
    const page = await phone.newPage();
    onTestFailed(() => shot(page, 'admin-failure-phone'));
    await adminLogin(page, ADMIN_NEW_PASSWORD);
    for (const [locale, t] of [
      ['zh', ZH],
      ['en', EN],
    ] as const) {
      if (locale === 'en') {
        // the phone header has no room for the language switcher: switch at desktop width
        await page.setViewportSize({ width: 1280, height: 900 });
        await switchLanguage(page, shop.origin, 'en-GB');
        await page.setViewportSize(PHONE_VIEWPORT);
      }
      const screens: Array<[string, string, string]> = [
        ['orders', '/admin/orders?status=ALL', `${t.orderNo} ${zhOrder.orderNo}`],
        ['refunds', '/admin/refunds', `${t.orderNo} ${zhOrder.orderNo}`],
      ];
      for (const [name, path, row] of screens) {
        await page.goto(`${shop.origin}${path}`);
        await page.getByRole('article', { name: row }).first().waitFor();
        await shot(page, `admin-${locale}-phone-${name}`);
        expect(await controlsOutsideViewport(page), `${locale} ${name}`).toEqual([]);
      }
      await page.goto(`${shop.origin}/admin/orders/${zhOrder.id}`);
      await page.getByRole('heading', { level: 1, name: `${t.detail} · ${zhOrder.orderNo}` }).waitFor();
      await shot(page, `admin-${locale}-phone-order-detail`);
      expect(await controlsOutsideViewport(page), `${locale} detail`).toEqual([]);
    }

    // the shopper refused on a phone, in both locales
    const shopperPhone = await (await phoneContext(shop)).newPage();
    await shopperPhone.goto(`${shop.origin}/home`);
    await gql(shopperPhone, 'mutation($input: LoginInput!) { login(input: $input) { defaultPassword } }', {
      input: { account: account.username, password: 'Passw0rd.bo' },
    });
    for (const [locale, t] of [
      ['zh', ZH],
      ['en', EN],
    ] as const) {
      if (locale === 'en') {
        await shopperPhone.setViewportSize({ width: 1280, height: 900 });
        await switchLanguage(shopperPhone, shop.origin, 'en-GB');
        await shopperPhone.setViewportSize(PHONE_VIEWPORT);
      }
      await shopperPhone.goto(`${shop.origin}/admin/refunds`);
      await shopperPhone.waitForURL(/\/no-authority/);
      await shopperPhone.getByRole('heading', { level: 1, name: t.forbidden }).waitFor();
      await shot(shopperPhone, `admin-${locale}-phone-no-authority`);
      expect(await controlsOutsideViewport(shopperPhone), `${locale} no-authority`).toEqual([]);
    }
    // (the contexts close with the browser: a failure screenshot can still be taken)
  });
  it('the sidebar: closed at 1280 px it stays closed after a reload (its cookie); a 390 px phone opens it on demand and closes it after a tap', async () => {
    const desk = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    desk.setDefaultTimeout(20_000);
    const page = await desk.newPage();
    onTestFailed(() => shot(page, 'admin-failure-sidebar'));
    await adminLogin(page, ADMIN_NEW_PASSWORD);
    const sidebarCookie = async (context: BrowserContext) =>
      (await context.cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value;

    await page.goto(`${shop.origin}/admin/orders`);
    const nav = page.getByRole('navigation', { name: ZH.backOffice });
    const toggle = page.getByRole('button', { name: '菜单', exact: true });
    await nav.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const openWidth =
      (await page.getByRole('heading', { level: 1, name: ZH.orders }).boundingBox())?.width ?? 0;
    await toggle.click();
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebarCookie(desk)).toBe('0');
    // the screen takes the sidebar's room
    const closedWidth =
      (await page.getByRole('heading', { level: 1, name: ZH.orders }).boundingBox())?.width ?? 0;
    expect(closedWidth).toBeGreaterThan(openWidth + 150);
    await shot(page, 'admin-sidebar-closed-1280');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: ZH.orders }).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    await nav.waitFor();
    expect(await sidebarCookie(desk)).toBe('1');
    await page.reload();
    await nav.waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await desk.close();

    const phone = await phoneContext(shop);
    const small = await phone.newPage();
    onTestFailed(() => shot(small, 'admin-failure-sidebar-phone'));
    await adminLogin(small, ADMIN_NEW_PASSWORD);
    await small.goto(`${shop.origin}/admin/orders`);
    await small.getByRole('heading', { level: 1, name: ZH.orders }).waitFor();
    const phoneNav = small.getByRole('navigation', { name: ZH.backOffice });
    const phoneToggle = small.getByRole('button', { name: '菜单', exact: true });
    // closed by default on a phone (no cookie says so: the phone's own state)
    await expect.poll(() => phoneToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await phoneNav.isVisible()).toBe(false);
    await shot(small, 'admin-sidebar-phone-closed');
    await phoneToggle.tap();
    await phoneNav.waitFor();
    expect(await phoneToggle.getAttribute('aria-expanded')).toBe('true');
    const link = phoneNav.getByRole('link', { name: ZH.refunds });
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(small, 'admin-sidebar-phone-open');
    await link.tap();
    await small.waitForURL(/\/admin\/refunds/);
    await small.getByRole('heading', { level: 1, name: ZH.refunds }).waitFor();
    await phoneNav.waitFor({ state: 'hidden' });
    expect(await phoneToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebarCookie(phone)).toBeUndefined();
    expect(await controlsOutsideViewport(small)).toEqual([]);
    await phone.close();
  });
});
