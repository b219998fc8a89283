/**
 * End to end: every screen hydrates without a React hydration error or warning, for a visitor,
 * the shopper demo/demo123 and the admin admin/admin123, in zh-CN and en-GB. The accessibility
 * scan watches every page it loads for the same problems (`hydration-watch.ts`): the public
 * screens signed out, a new shopper's own screens and the back office's lists, at 1280 and 390 px.
 * This suite loads what that scan does not reach: a visitor sent away from private screens, the
 * signed-in header on public screens, an order in every state (unpaid, paid, shipped, refund asked)
 * and the order lists filtered by state, the back office's order details, and a touch phone. The
 * production build is served as `npm start` serves it; the shopper's orders are made through the
 * real API. The server's HTML of an order already holds the actions the browser will show
 * (确认收货, 申请退款, 发货): a page must not gain its buttons only after it hydrates.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT, type Shop, settled, shot, startShop } from './harness.ts';
import { BROWSER_TIME_ZONE, BROWSER_UA, type HydrationWatch, watchHydration } from './hydration-watch.ts';
import { createAddress, gql, placeOrder } from './shopper.ts';

let shop: Shop;

type Locale = 'zh-CN' | 'en-GB';
type Role = 'visitor' | 'shopper' | 'admin';

const CREDENTIALS: Record<Exclude<Role, 'visitor'>, { account: string; password: string }> = {
  shopper: { account: 'demo', password: 'demo123' },
  admin: { account: 'admin', password: 'admin123' },
};

/** The test data: a product, a category and the shopper's orders in each state. */
const data = {
  productId: '',
  cardName: '',
  keyword: '',
  orders: { pending: '', paid: '', shipped: '', refunding: '' },
};

/**
 * A context for `role` in `locale`, on a desktop or a phone, signed in through the login mutation
 * (the session cookie).
 */
async function contextFor(role: Role, locale: Locale, phone = false): Promise<BrowserContext> {
  const context = await shop.browser.newContext({
    ...(phone
      ? { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } }),
    locale,
    userAgent: BROWSER_UA,
    timezoneId: BROWSER_TIME_ZONE,
  });
  context.setDefaultTimeout(20_000);
  if (role !== 'visitor') {
    const answer = await context.request.post(`${shop.origin}/graphql`, {
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      data: {
        query:
          'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } userErrors { message } } }',
        variables: { input: CREDENTIALS[role] },
      },
    });
    const body = (await answer.json()) as {
      data?: { login: { session: { isAuthenticated: boolean } | null } };
    };
    if (!body.data?.login.session?.isAuthenticated) throw new Error(`${role} login: ${JSON.stringify(body)}`);
  }
  return context;
}

/** Pays `orderId` on the lpay hosted page, as a shopper does. */
async function pay(page: Page, orderId: string): Promise<void> {
  const started = await gql<{ startPayment: { payUrl: string } }>(
    page,
    'mutation($input: StartPaymentInput!) { startPayment(input: $input) { payUrl } }',
    { input: { orderId, method: 'LPAY' } },
  );
  await page.goto(new URL(started.startPayment.payUrl, shop.origin).toString());
  await page.locator('button.primary').click();
  await page.waitForURL(/\/order\/pay-result\?orderId=\d+/);
  await page.locator('[data-testid="pay-result"][data-outcome="paid"]').waitFor();
}

beforeAll(async () => {
  shop = await startShop();
  const shopper = await contextFor('shopper', 'zh-CN');
  const admin = await contextFor('admin', 'zh-CN');
  try {
    const page = await shopper.newPage();
    await page.goto(`${shop.origin}/home`);
    const catalogue = await gql<{
      products: { records: Array<{ id: string; name: string; stock: number }> };
      categories: Array<{ cardName: string }>;
    }>(page, '{ products(page: { pageSize: 30 }) { records { id name stock } } categories { cardName } }');
    const product = catalogue.products.records.find((record) => record.stock > 10);
    if (!product) throw new Error('no product in stock');
    data.productId = product.id;
    data.keyword = product.name.slice(0, 2);
    data.cardName = catalogue.categories[0].cardName;

    const addressId = await createAddress(page);
    await gql(
      page,
      'mutation($input: AddToCartInput!) { addToCart(input: $input) { userErrors { message } } }',
      { input: { productId: product.id, quantity: 1 } },
    );
    const orders = data.orders;
    orders.pending = await placeOrder(page, product.id, addressId);
    orders.paid = await placeOrder(page, product.id, addressId);
    orders.shipped = await placeOrder(page, product.id, addressId);
    orders.refunding = await placeOrder(page, product.id, addressId);
    for (const id of [orders.paid, orders.shipped, orders.refunding]) await pay(page, id);

    const adminPage = await admin.newPage();
    await adminPage.goto(`${shop.origin}/home`);
    for (const id of [orders.shipped, orders.refunding])
      await gql(
        adminPage,
        'mutation($input: ShipOrderInput!) { shipOrder(input: $input) { order { id } } }',
        {
          input: { orderId: id, courier: 'SF', waybillNo: 'SF1234567890' },
        },
      );
    await gql(
      page,
      'mutation($input: ConfirmReceiptInput!) { confirmReceipt(input: $input) { order { id } } }',
      { input: { orderId: orders.refunding } },
    );
    await gql(page, 'mutation($input: ApplyRefundInput!) { applyRefund(input: $input) { order { id } } }', {
      input: { orderId: orders.refunding, reason: '尺码不合适' },
    });
  } finally {
    await Promise.all([shopper.close(), admin.close()]);
  }
}, 240_000);

afterAll(async () => {
  await shop?.close();
});

/** Public screens whose header and actions differ once signed in (signed out, the scan loads them all). */
const signedInPublicScreens = (): string[] => [
  '/home',
  '/category',
  `/goods/detail/${data.productId}`,
  `/category/search-result?keyword=${encodeURIComponent(data.keyword)}`,
];

/** The shopper's screens the accessibility scan does not load: an order in every state, the lists by state. */
const shopperScreens = (): string[] => {
  const { orders } = data;
  return [
    `/order/pay-result?orderId=${orders.paid}`,
    '/user/center',
    '/user/center/orders?status=PENDING',
    '/user/center/orders?status=PAID',
    '/user/center/orders?status=RECEIVED',
    '/user/center/orders?status=COMPLETE',
    ...Object.values(orders).map((id) => `/user/center/orders/${id}`),
  ];
};

/** The back office's screens the accessibility scan does not load. */
const adminScreens = (): string[] => [
  '/admin/orders',
  '/admin/refunds',
  `/admin/orders/${data.orders.shipped}`,
  `/admin/orders/${data.orders.paid}`,
];

const SCREENS: Record<Role, () => string[]> = {
  // sent to log in from each private screen, and the refusal page
  visitor: () => [
    '/cart',
    '/user/center/orders',
    `/user/center/orders/${data.orders.paid}`,
    '/admin/orders',
    '/no-authority',
  ],
  shopper: () => [...signedInPublicScreens(), ...shopperScreens(), '/admin/orders'],
  admin: () => [...signedInPublicScreens(), ...adminScreens(), '/user/center/info', '/user/center/orders'],
};

/**
 * Loads `path` and waits until React has taken the page over and every lazy boundary has loaded
 * and hydrated; returns what React said since the last screen.
 */
async function hydrationProblems(page: Page, watch: HydrationWatch, path: string): Promise<string[]> {
  await page.goto(`${shop.origin}${path}`);
  // every boundary has hydrated (after its chunk or a retry), so React has reported what it found
  await settled(page);
  return watch.drain();
}

/** Loads each of `paths` as `role`; fails with every hydration problem found, by page. */
async function expectCleanHydration(
  role: Role,
  locale: Locale,
  paths: string[],
  phone = false,
): Promise<void> {
  const context = await contextFor(role, locale, phone);
  const page = await context.newPage();
  // each problem names the address it was seen on, so a late one is not lost to the next screen
  const watch = watchHydration(page);
  try {
    const found: string[] = [];
    for (const path of paths) {
      const problems = await hydrationProblems(page, watch, path);
      if (problems.length) {
        await shot(page, `hydration-${role}-${locale}${phone ? '-phone' : ''}-${path.replace(/\W+/g, '_')}`);
        found.push(`${path}\n  ${problems.join('\n  ')}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('every screen hydrates without an error', () => {
  for (const locale of ['zh-CN', 'en-GB'] as const) {
    for (const role of ['visitor', 'shopper', 'admin'] as const) {
      it(`${role}, ${locale}`, () => expectCleanHydration(role, locale, SCREENS[role]()), 300_000);
    }
  }

  // a phone's layout (menu drawer, tab bar) starts from the same server snapshot as a desktop's
  it("on a phone: the shopper's and the admin's own screens, zh-CN", async () => {
    await expectCleanHydration(
      'shopper',
      'zh-CN',
      ['/home', '/cart', '/user/center/info', ...shopperScreens()],
      true,
    );
    await expectCleanHydration('admin', 'zh-CN', adminScreens(), true);
  }, 300_000);
});

describe("the server's HTML holds the viewer's actions before scripts run", () => {
  /**
   * The names of the buttons in the HTML the server sends a browser for `path` (no script has
   * run): the page as sent at once and any boundary streamed after it.
   */
  async function serverButtons(
    context: BrowserContext,
    path: string,
    locale: Locale = 'zh-CN',
  ): Promise<string[]> {
    const answer = await context.request.get(`${shop.origin}${path}`, {
      headers: { 'user-agent': BROWSER_UA, 'accept-language': locale },
    });
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    return [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map(([, inner]) =>
      inner
        .replace(/<!--[\s\S]*?-->|<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }

  it("the shopper's orders: 确认收货 on the shipped order, 申请退款 on the paid one, in the list and the detail", async () => {
    const context = await contextFor('shopper', 'zh-CN');
    try {
      const { orders } = data;
      expect(await serverButtons(context, `/user/center/orders/${orders.shipped}`)).toEqual(
        expect.arrayContaining(['确认收货', '申请退款']),
      );
      const paid = await serverButtons(context, `/user/center/orders/${orders.paid}`);
      expect(paid).toContain('申请退款');
      expect(paid).not.toContain('确认收货');
      expect(await serverButtons(context, `/user/center/orders/${orders.pending}`)).toEqual(
        expect.arrayContaining(['去支付', '取消订单']),
      );
      expect(await serverButtons(context, '/user/center/orders?status=RECEIVED')).toContain('确认收货');
      expect(await serverButtons(context, '/user/center/orders?status=PAID')).toContain('申请退款');
    } finally {
      await context.close();
    }
  });

  it('en-GB: the same actions in English', async () => {
    const context = await contextFor('shopper', 'en-GB');
    try {
      expect(await serverButtons(context, `/user/center/orders/${data.orders.shipped}`, 'en-GB')).toEqual(
        expect.arrayContaining(['Confirm receipt', 'Apply for refund']),
      );
    } finally {
      await context.close();
    }
  });

  it("the back office: 发货 on the paid order's row and detail, 审核 on the pending refund", async () => {
    const context = await contextFor('admin', 'zh-CN');
    try {
      expect(await serverButtons(context, '/admin/orders')).toContain('发货');
      expect(await serverButtons(context, `/admin/orders/${data.orders.paid}`)).toContain('发货');
      expect(await serverButtons(context, '/admin/refunds?reviewStatus=PENDING')).toContain('审核');
    } finally {
      await context.close();
    }
  });
});
