/**
 * End to end, in Debian's Chromium against the real servers: every screen of the shop scanned
 * with axe-core for WCAG 2.0/2.1/2.2 A and AA violations, in zh-CN and en-GB, at 1280 px and
 * 390 px — the public screens, the signed-in shopper's (cart, checkout, orders, user centre,
 * the lpay page, the payment result), the back office, and the dialogs open. The screens are a
 * list of routes and dialog openers, so a screen added to the shop is one line here. On each
 * screen every control must also show a focus indicator when focused from the keyboard.
 * Then a keyboard-only purchase (search → product → cart → checkout → lpay → result, with the
 * login prompt's focus coming back to its opener), and "back to top" and the progress bar with
 * and without prefers-reduced-motion.
 * Every page the scan loads is also watched for React's hydration errors (`hydration-watch.ts`),
 * with a browser's user agent (streamed pages) in a time zone other than the server's; the
 * hydration suite covers the screens and roles this scan does not reach.
 * One browser, one server pair, one page per role reused across screens and widths.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, settle } from './a11y.ts';
import { type Shop, shot, startShop } from './harness.ts';
import { BROWSER_TIME_ZONE, BROWSER_UA, type HydrationWatch, watchHydration } from './hydration-watch.ts';
import { controlsWithoutFocusIndicator, focused, tabTo } from './keyboard.ts';
import { createAddress, gql, placeOrder } from './shopper.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 400_000);

afterAll(async () => {
  await shop?.close();
});

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** A screen: where to go (a path, or steps from the current page) and how to know it is there. */
interface Screen {
  name: string;
  path?: string;
  /** Steps that reach the screen (a dialog opener, a link followed) after `path` is loaded. */
  open?: (page: Page) => Promise<void>;
  /** Steps that leave a dialog screen, so the next screen starts clean. */
  close?: (page: Page) => Promise<void>;
}

interface Visitor {
  context: BrowserContext;
  page: Page;
  hydration: HydrationWatch;
}

/** Opens a new context in the locale (the browser's language, which the first page follows). */
async function contextIn(locale: string): Promise<Visitor> {
  const context = await shop.browser.newContext({
    viewport: WIDTHS[0],
    locale,
    reducedMotion: 'reduce',
    userAgent: BROWSER_UA,
    timezoneId: BROWSER_TIME_ZONE,
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const hydration = watchHydration(page);
  await page.goto(`${shop.origin}/login`);
  // The browser's language is the page's on a first visit (Accept-Language).
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  return { context, page, hydration };
}

/**
 * Scans each screen at each width; returns every violation and hydration problem found (empty
 * when all pass).
 */
async function scanAll({ page, hydration }: Visitor, screens: Screen[], label: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const screen of screens) {
      const where = `${label} ${size.width}px ${screen.name}`;
      try {
        if (screen.path) await page.goto(`${shop.origin}${screen.path}`);
        await settle(page);
        if (screen.open) {
          await screen.open(page);
          await settle(page);
        }
        const before = found.length;
        // settled: every boundary has hydrated, so React has reported what it found
        found.push(...hydration.drain().map((problem) => `${where}: hydration: ${problem}`));
        found.push(...(await axeViolations(page, where)));
        const unseen = await controlsWithoutFocusIndicator(page);
        if (unseen.length) found.push(`${where}: focus not visible on ${unseen.join(', ')}`);
        if (found.length > before)
          await shot(page, `a11y-${label}-${size.width}-${screen.name.replace(/\W+/g, '-')}`);
        if (screen.close) await screen.close(page);
      } catch (error) {
        await shot(page, `a11y-failure-${label}-${size.width}-${screen.name.replace(/\W+/g, '-')}`);
        throw new Error(`${where}: ${(error as Error).message}`);
      }
    }
  }
  return found;
}

const dialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();
const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
};

interface Fixture {
  productId: string;
  pendingOrderId: string;
  completeOrderId: string;
  cardPath: string;
}

/** Pays an order on the lpay hosted page and waits for the web app's result page. */
async function payOnLpay(page: Page, orderId: string, scan?: () => Promise<void>) {
  const started = await gql<{ startPayment: { payUrl: string } }>(
    page,
    'mutation($input: StartPaymentInput!) { startPayment(input: $input) { payUrl } }',
    { input: { orderId, method: 'LPAY' } },
  );
  await page.goto(new URL(started.startPayment.payUrl, shop.origin).href);
  await scan?.();
  await page.locator('button.primary').click();
  await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
}

describe.each(['zh-CN', 'en-GB'])('WCAG 2.2 AA on every screen (%s)', (locale) => {
  const label = locale === 'zh-CN' ? 'zh' : 'en';
  let shopper: Visitor;
  let admin: Visitor;
  const fixture: Fixture = { productId: '', pendingOrderId: '', completeOrderId: '', cardPath: '' };

  beforeAll(async () => {
    shopper = await contextIn(locale);
    admin = await contextIn(locale);
    const login = await gql<{ login: { session: { isAuthenticated: boolean } } }>(
      admin.page,
      'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }',
      { input: { account: 'admin', password: 'admin123' } },
    );
    expect(login.login.session.isAuthenticated).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await shopper?.context.close();
    await admin?.context.close();
  });

  it('public screens and the login dialogs, signed out', async () => {
    const { page } = shopper;
    onTestFailed(() => shot(page, `a11y-${label}-public-failure`));
    const products = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
      page,
      '{ products(page: { pageNum: 1, pageSize: 30 }) { records { id stock } } }',
    );
    const product = products.products.records.find((p) => p.stock >= 10);
    if (!product) throw new Error('no product in stock');
    fixture.productId = product.id;
    await page.goto(`${shop.origin}/category`);
    const card = page.locator('main a[href^="/category/detail/"]').first();
    await card.waitFor();
    fixture.cardPath = (await card.getAttribute('href')) ?? '';

    const screens: Screen[] = [
      { name: 'home', path: '/home' },
      { name: 'category', path: '/category' },
      { name: 'sub-category', path: fixture.cardPath },
      { name: 'goods detail', path: `/goods/detail/${product.id}` },
      { name: 'goods detail (category route)', path: `/category/goods-detail/${product.id}` },
      { name: 'search results', path: `/category/search-result?keyword=${encodeURIComponent('耳机')}` },
      { name: 'hot', path: '/goods/hot' },
      { name: 'new', path: '/goods/new' },
      { name: 'goods list', path: '/goods/list' },
      { name: '404', path: '/404' },
      { name: 'unknown path', path: '/no/such/page' },
      { name: 'login', path: '/login' },
      {
        name: 'login prompt',
        path: `/goods/detail/${product.id}`,
        open: async (p) => {
          await p.getByRole('button', { name: /^(加入购物车|Add to cart)$/ }).click();
          await p.getByRole('alertdialog').waitFor();
        },
      },
      {
        name: 'login dialog',
        open: async (p) => {
          await p
            .getByRole('alertdialog')
            .getByRole('button', { name: /立即登录|log in now/i })
            .click();
          await p.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
    ];
    expect(await scanAll(shopper, screens, `${label}-public`)).toEqual([]);
  }, 600_000);

  it('the signed-in shopper: cart, checkout, lpay, pay result, orders, user centre and dialogs', async () => {
    const { page } = shopper;
    onTestFailed(() => shot(page, `a11y-${label}-shopper-failure`));
    const suffix = `${Date.now() % 10_000_000}`.padStart(7, '0');
    await gql(page, 'mutation($input: RegisterInput!) { register(input: $input) { userId } }', {
      input: {
        username: `a11y_${label}_${suffix}`,
        password: 'Passw0rd.a11y',
        phone: `13${label === 'zh' ? 4 : 5}${suffix}${Math.floor(Math.random() * 10)}`,
      },
    });
    const addressId = await createAddress(page);
    const place = () => placeOrder(page, fixture.productId, addressId);
    await gql(
      page,
      'mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { totalQuantity } } }',
      {
        input: { productId: fixture.productId, quantity: 2 },
      },
    );
    fixture.pendingOrderId = await place();

    // the lpay page and the result, scanned at both widths on the way through
    const found: string[] = [];
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      const orderId = await place();
      await payOnLpay(page, orderId, async () => {
        await settle(page);
        found.push(...(await axeViolations(page, `${label}-shopper ${size.width}px lpay`)));
      });
      await page.getByTestId('pay-result').waitFor();
      await expect.poll(() => page.getByTestId('pay-result').getAttribute('data-outcome')).toBe('paid');
      await settle(page);
      found.push(
        ...shopper.hydration
          .drain()
          .map((problem) => `${label}-shopper ${size.width}px: hydration: ${problem}`),
      );
      found.push(...(await axeViolations(page, `${label}-shopper ${size.width}px pay result`)));
      if (size.width === 1280) fixture.completeOrderId = orderId;
      else {
        // this one waits in the back office's orders to ship; another goes to refund review
        const refunded = await place();
        await payOnLpay(page, refunded);
        await adminShips(refunded);
        await gql(
          page,
          'mutation($input: ConfirmReceiptInput!) { confirmReceipt(input: $input) { order { id } } }',
          {
            input: { orderId: refunded },
          },
        );
        await gql(
          page,
          'mutation($input: ApplyRefundInput!) { applyRefund(input: $input) { order { id } } }',
          {
            input: { orderId: refunded, reason: '尺寸不合适' },
          },
        );
      }
    }
    await adminShips(fixture.completeOrderId);
    await gql(
      page,
      'mutation($input: ConfirmReceiptInput!) { confirmReceipt(input: $input) { order { id } } }',
      {
        input: { orderId: fixture.completeOrderId },
      },
    );

    const screens: Screen[] = [
      { name: 'cart', path: '/cart' },
      {
        name: 'remove confirmation',
        open: async (p) => {
          await p
            .getByRole('button', { name: /^(删除|Remove)/ })
            .first()
            .click();
          await p.getByRole('alertdialog').waitFor();
        },
        close: closeDialog,
      },
      { name: 'checkout', path: `/order/confirm?productId=${fixture.productId}&quantity=1` },
      {
        name: 'address form (checkout)',
        open: async (p) => {
          await p.getByRole('link', { name: /新增收货地址|Add an address/ }).click();
          await p.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      { name: 'orders', path: '/user/center/orders' },
      { name: 'order detail (unpaid)', path: `/user/center/orders/${fixture.pendingOrderId}` },
      {
        name: 'cancel confirmation',
        open: async (p) => {
          await p.getByRole('button', { name: /^(取消订单|Cancel order)$/ }).click();
          await p.getByRole('alertdialog').waitFor();
        },
        close: closeDialog,
      },
      { name: 'order detail (complete)', path: `/user/center/orders/${fixture.completeOrderId}` },
      {
        name: 'refund form',
        open: async (p) => {
          await p.getByRole('button', { name: /^(申请退款|Apply for refund)$/ }).click();
          await p.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      { name: 'profile', path: '/user/center/info' },
      { name: 'password', path: '/user/center/password' },
      { name: 'addresses', path: '/user/center/address' },
      {
        name: 'address form',
        open: async (p) => {
          await p.getByRole('link', { name: /新增地址|Add address/ }).click();
          await p.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      { name: 'bills', path: '/user/center/bill' },
      { name: 'no authority', path: '/no-authority' },
      {
        name: 'logout confirmation',
        path: '/home',
        open: async (p) => {
          await p.getByRole('button', { name: /用户菜单|User menu/ }).click();
          await p.getByRole('button', { name: /^(退出登录|Log out)$/ }).click();
          await p.getByRole('alertdialog').waitFor();
        },
        close: closeDialog,
      },
    ];
    found.push(...(await scanAll(shopper, screens, `${label}-shopper`)));
    expect(found).toEqual([]);
  }, 600_000);

  /** The admin ships an order (the back office's own screens are scanned below). */
  async function adminShips(orderId: string) {
    await gql(admin.page, 'mutation($input: ShipOrderInput!) { shipOrder(input: $input) { order { id } } }', {
      input: { orderId, courier: 'SF', waybillNo: 'SF1234567890' },
    });
  }

  it('the back office: orders to ship, refund review and its dialogs', async () => {
    const { page } = admin;
    onTestFailed(() => shot(page, `a11y-${label}-admin-failure`));
    const screens: Screen[] = [
      { name: 'orders to ship', path: '/admin/orders?status=PAID' },
      {
        name: 'ship dialog',
        open: async (p) => {
          await p
            .getByRole('button', { name: /^(发货|Ship)$/ })
            .first()
            .click();
          const dialog = p.getByRole('dialog');
          // with its refusals shown beside the fields: they too must pass
          await dialog.getByRole('button', { name: /^(发货|Ship)$/ }).click();
          await dialog.getByText(/运单号 不能为空|Waybill number cannot be empty/).waitFor();
        },
        close: closeDialog,
      },
      { name: 'refund review', path: '/admin/refunds?reviewStatus=PENDING' },
      {
        name: 'review dialog',
        open: async (p) => {
          await p
            .getByRole('button', { name: /^(审核|Review)$/ })
            .first()
            .click();
          await p.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      // screens with a path of their own after the review dialog, which opens on the refund list
      { name: 'import and export', path: '/admin/import' },
      { name: 'categories', path: '/admin/categories' },
      {
        name: 'new category dialog',
        open: async (p) => {
          await p.getByRole('button', { name: /^(新增分类|New category)$/ }).click();
          await p.getByRole('dialog').waitFor();
        },
        close: closeDialog,
      },
      { name: 'home cards', path: '/admin/home-cards' },
    ];
    expect(await scanAll(admin, screens, `${label}-admin`)).toEqual([]);
  }, 600_000);
});

describe('keyboard only', () => {
  it('a shopper searches, opens a product, adds it, checks out, pays on lpay and reads the result', async () => {
    const context = await shop.browser.newContext({ viewport: WIDTHS[0], locale: 'zh-CN' });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const unseen: string[] = [];
    try {
      await page.goto(`${shop.origin}/home`);
      await settle(page);

      // a visitor's add-to-cart opens the login prompt; Esc gives the focus back to the button
      await tabTo(page, /^(搜索商品|Search goods)$/, unseen, { tag: 'input' });
      await page.keyboard.type('蓝牙耳机');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/category\/search-result\?keyword=/);
      await settle(page);
      await tabTo(page, /静界 主动降噪真无线蓝牙耳机/, unseen, { tag: 'a' });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/(goods\/detail|category\/goods-detail)\/\d+/);
      await settle(page);
      await tabTo(page, /^加入购物车$/, unseen, { tag: 'button' });
      await page.keyboard.press('Enter');
      const prompt = page.getByRole('alertdialog');
      await prompt.waitFor();
      expect(await prompt.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'detached' });
      // focus goes back to the opener once the closing dialog is gone (a task after it unmounts)
      await expect.poll(async () => (await focused(page))?.name).toBe('加入购物车');

      // signed in (the login form is scanned above), the same steps go through
      const suffix = `${Date.now() % 10_000_000}`.padStart(7, '0');
      await gql(page, 'mutation($input: RegisterInput!) { register(input: $input) { userId } }', {
        input: { username: `kbd_${suffix}`, password: 'Passw0rd.kbd', phone: `133${suffix}${suffix.at(-1)}` },
      });
      await createAddress(page, '赵六', '天河路 2 号');
      await page.reload();
      await settle(page);
      await tabTo(page, /^加入购物车$/, unseen, { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.getByText('加入购物车成功!').waitFor();
      await tabTo(page, /购物车/, unseen, { tag: 'a', back: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/cart$/);
      await settle(page);
      await tabTo(page, /^去结算/, unseen, { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/order\/confirm\?/);
      await settle(page);
      await tabTo(page, /LPay/, unseen, { tag: 'input' });
      await page.keyboard.press('Space');
      await tabTo(page, /^提交订单$/, unseen, { tag: 'button' });
      await page.keyboard.press('Enter');

      await page.waitForURL(/\/service\/pay\/lpay\/checkout\//);
      await tabTo(page, /^(确认支付|Pay)$/, unseen, { tag: 'button' });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
      await page.getByText('支付成功').waitFor();
      await expect.poll(() => page.getByTestId('pay-result').getAttribute('data-outcome')).toBe('paid');
      await tabTo(page, /^查看订单详情$/, unseen, { tag: 'a' });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/user\/center\/orders\/\d+$/);
      await page.locator('#order-status').waitFor();
      await shot(page, 'a11y-keyboard-order-detail');
      expect(unseen, 'controls focused without a visible indicator').toEqual([]);
    } catch (failure) {
      await shot(page, 'a11y-keyboard-failure');
      throw failure;
    } finally {
      await context.close();
    }
  }, 240_000);
});

describe('reduced motion', () => {
  /** How far the page still is from the top right after "back to top", and the bar's transition. */
  async function motion(reducedMotion: 'reduce' | 'no-preference') {
    const context = await shop.browser.newContext({
      viewport: { width: 1280, height: 500 },
      locale: 'zh-CN',
      reducedMotion,
    });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.origin}/home`);
      await settle(page);
      // scrolled to the end once the home page's sections are in
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              return window.scrollY;
            }),
          { timeout: 20_000 },
        )
        .toBeGreaterThan(400);
      const toTop = page.getByRole('button', { name: 'TOP，返回顶部' });
      await toTop.waitFor();
      await toTop.click();
      const scrollAfterFrame = await page.evaluate(
        () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(window.scrollY))),
      );
      const barTransition = await page
        .getByTestId('nav-progress')
        .evaluate((bar) => getComputedStyle(bar.firstElementChild as Element).transitionDuration);
      return {
        scrollAfterFrame,
        barSeconds: Math.max(...barTransition.split(',').map((s) => Number.parseFloat(s))),
      };
    } catch (failure) {
      await shot(page, `a11y-motion-${reducedMotion}-failure`);
      throw failure;
    } finally {
      await context.close();
    }
  }

  it('back to top jumps and the progress bar does not animate when motion is reduced', async () => {
    const reduced = await motion('reduce');
    expect(reduced.scrollAfterFrame).toBe(0);
    expect(reduced.barSeconds).toBeLessThan(0.01);
    // the same page without the preference scrolls smoothly and animates the bar
    const full = await motion('no-preference');
    expect(full.scrollAfterFrame).toBeGreaterThan(0);
    expect(full.barSeconds).toBeGreaterThanOrEqual(0.3);
  }, 120_000);
});
