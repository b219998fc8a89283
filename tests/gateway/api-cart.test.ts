// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness, stockedProductIds } from './harness.ts';
import { operation } from './manifest-operations.ts';

const CART = `cart { id totalQuantity selectedQuantity allSelected selectedTotal { fen amount currency }
  lines { id productId quantity selected available unavailableReason unavailableText stock
    unitPrice { fen amount } subtotal { fen amount } product { id name image price { fen } } } }`;

let counter = 0;
/** A fresh shopper signed in through the gateway; returns the cookie jar and the user id. */
async function shopper(h: GatewayHarness): Promise<{ jar: CookieJar; userId: number }> {
  counter += 1;
  const jar = h.jar();
  const suffix = String(counter).padStart(4, '0');
  const res = await h.gql<any>(
    'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
    { input: { username: `cart${suffix}`, password: 'secret123', phone: `1371111${suffix}` } },
    { jar },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return { jar, userId: Number(res.data.register.userId) };
}

describe('gateway API: cart', () => {
  let h: GatewayHarness;
  let productIds: number[];
  beforeAll(async () => {
    h = await startGatewayHarness();
    productIds = await stockedProductIds(h, 5, 30);
  });
  afterAll(() => h.close());

  it('adds, merges, changes, selects and removes lines; each payload holds the whole cart', async () => {
    const { jar } = await shopper(h);
    const empty = await h.gql<any>(`{ ${CART} }`, undefined, { jar });
    expect(empty.errors).toBeUndefined();
    expect(empty.data.cart).toMatchObject({ id: 'cart', totalQuantity: 0, lines: [] });

    const add = `mutation($input: AddToCartInput!) { addToCart(input: $input) { ${CART} } }`;
    const first = await h.gql<any>(
      add,
      { input: { productId: String(productIds[0]), quantity: 2 } },
      { jar },
    );
    expect(first.errors).toBeUndefined();
    expect(first.extensions?.notices).toEqual([expect.objectContaining({ alterMsg: '加入购物车成功!' })]);
    await h.gql(add, { input: { productId: String(productIds[0]), quantity: 1 } }, { jar });
    const second = await h.gql<any>(
      add,
      { input: { productId: String(productIds[1]), quantity: 1 } },
      { jar },
    );
    const cart = second.data.addToCart.cart;
    expect(cart.lines).toHaveLength(2);
    const line = cart.lines.find((l: any) => l.productId === String(productIds[0]));
    expect(line.quantity).toBe(3);
    expect(line.product.id).toBe(String(productIds[0]));
    expect(line.subtotal.fen).toBe(line.unitPrice.fen * 3);
    expect(cart.totalQuantity).toBe(4);
    expect(cart.selectedTotal.fen).toBe(cart.lines.reduce((sum: number, l: any) => sum + l.subtotal.fen, 0));

    const update = await h.gql<any>(
      `mutation($input: UpdateCartLineInput!) { updateCartLine(input: $input) { ${CART} } }`,
      { input: { lineId: line.id, quantity: 1, selected: false } },
      { jar },
    );
    expect(update.errors).toBeUndefined();
    const changed = update.data.updateCartLine.cart.lines.find((l: any) => l.id === line.id);
    expect(changed).toMatchObject({ quantity: 1, selected: false });
    expect(update.data.updateCartLine.cart.allSelected).toBe(false);

    const all = await h.gql<any>(
      `mutation { selectAllCartLines(input: { selected: true }) { cart { allSelected lines { selected } } } }`,
      undefined,
      { jar },
    );
    expect(all.data.selectAllCartLines.cart.allSelected).toBe(true);

    const tooMany = await h.gql<any>(
      'mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { id } userErrors { code field message } } }',
      { input: { productId: String(productIds[2]), quantity: 100000 } },
      { jar },
    );
    expect(tooMany.errors).toBeUndefined();
    expect(tooMany.data.addToCart.cart).toBeNull();
    expect(tooMany.data.addToCart.userErrors).toEqual([
      {
        code: expect.stringMatching(/^(CART|VALIDATION)_/),
        field: ['input', 'quantity'],
        message: expect.any(String),
      },
    ]);

    const removed = await h.gql<any>(
      `mutation($input: RemoveCartLineInput!) { removeCartLine(input: $input) { removedLineId ${CART} } }`,
      { input: { lineId: line.id } },
      { jar },
    );
    expect(removed.errors).toBeUndefined();
    expect(removed.data.removeCartLine.removedLineId).toBe(line.id);
    expect(removed.data.removeCartLine.cart.lines).toHaveLength(1);
  });

  it("names the currency the service's config names, shared between requests for the public max-age", async () => {
    const { jar } = await shopper(h);
    const currency = async () =>
      (await h.gql<any>('{ cart { selectedTotal { fen currency } } }', undefined, { jar })).data.cart
        .selectedTotal.currency;
    const setCurrency = (code: string) =>
      h.service.ctx.db
        .updateTable('system_config')
        .set({ value: JSON.stringify(code) })
        .where('key', '=', 'config.currency')
        .execute();
    expect(await currency()).toBe('CNY');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await setCurrency('USD');
      // Kept as long as a public answer may be: a price costs no config call of its own.
      expect(await currency()).toBe('CNY');
      vi.setSystemTime(Date.now() + (h.config.publicMaxAge + 1) * 1000);
      expect(await currency()).toBe('USD');
    } finally {
      vi.useRealTimers();
      await setCurrency('CNY');
    }
  });

  it('answers a cart of 1 line and of 30 lines, products included, with the one cart call', async () => {
    expect(productIds).toHaveLength(30);
    const small = await shopper(h);
    const large = await shopper(h);
    const now = new Date().toISOString();
    const line = (userId: number, productId: number) => ({
      user_id: userId,
      product_id: productId,
      quantity: 1,
      selected: 1,
      created_at: now,
      updated_at: now,
    });
    await h.service.ctx.db.insertInto('cart_lines').values(line(small.userId, productIds[0])).execute();
    await h.service.ctx.db
      .insertInto('cart_lines')
      .values(productIds.map((id) => line(large.userId, id)))
      .execute();

    // What the cart page reads (money without its currency, which is the shop config's call).
    const page = `{ cart { id totalQuantity allSelected selectedTotal { fen } lines { id productId quantity
      selected available unitPrice { fen } subtotal { fen } product { id name featuredImage { src } stock onShelf } } } }`;
    h.resetServiceLog();
    const one = await h.gql<any>(page, undefined, { jar: small.jar });
    const oneLog = [...h.serviceLog];
    h.resetServiceLog();
    const thirty = await h.gql<any>(page, undefined, { jar: large.jar });
    expect(one.errors).toBeUndefined();
    expect(thirty.errors).toBeUndefined();
    expect(one.data.cart.lines).toHaveLength(1);
    expect(thirty.data.cart.lines).toHaveLength(30);
    expect(thirty.data.cart.lines.every((l: any) => l.product?.id === l.productId)).toBe(true);
    expect(thirty.upstreamCalls).toBe(one.upstreamCalls);
    expect(h.serviceLog).toHaveLength(oneLog.length);
    expect(h.serviceCalls('GET /service/shop/product/batch')).toBe(0);
    expect(one.upstreamCalls).toBe(1);
    // The web's own cart page query: the cart call, and Money's currency from the config the
    // requests share (loaders.ts SharedFacts), fetched at most once per public max-age.
    h.resetServiceLog();
    const web = await h.gql<any>(operation('CartPage').body, undefined, { jar: large.jar });
    expect(web.errors).toBeUndefined();
    expect(h.serviceLog.filter((call) => call.startsWith('GET /service/shop/cart'))).toHaveLength(1);
    expect(h.serviceCalls('GET /service/shop/product/batch')).toBe(0);
    expect(h.serviceCalls('GET /service/shop/system/config')).toBeLessThanOrEqual(1);
    expect(web.upstreamCalls).toBeLessThanOrEqual(2);
    const again = await h.gql<any>(operation('CartPage').body, undefined, { jar: large.jar });
    expect(again.upstreamCalls).toBe(1);
    expect(thirty.data.cart.lines[0].product).toMatchObject({
      onShelf: true,
      featuredImage: { src: expect.any(String) },
    });
  });

  it("answers the badge's count from the shopper's detail, equal to the whole cart's, without the cart call", async () => {
    const { jar } = await shopper(h);
    const badge = operation('CartCount').body;
    const count = async () => {
      h.resetServiceLog();
      const res = await h.gql<any>(badge, undefined, { jar });
      expect(res.errors).toBeUndefined();
      expect(h.serviceCalls('GET /service/shop/cart')).toBe(0);
      return res.data.cart;
    };
    expect(await count()).toMatchObject({ id: 'cart', totalQuantity: 0 });
    const add = 'mutation($input: AddToCartInput!) { addToCart(input: $input) { cart { totalQuantity } } }';
    await h.gql(add, { input: { productId: String(productIds[2]), quantity: 2 } }, { jar });
    await h.gql(add, { input: { productId: String(productIds[3]), quantity: 3 } }, { jar });
    await h.gql(add, { input: { productId: String(productIds[2]), quantity: 1 } }, { jar });
    const whole = await h.gql<any>(`{ ${CART} }`, undefined, { jar });
    expect(whole.data.cart.totalQuantity).toBe(6);
    expect((await count()).totalQuantity).toBe(whole.data.cart.totalQuantity);

    // With the session, as a page's shell reads them: one detail call serves both.
    h.resetServiceLog();
    const shell = await h.gql<any>('{ session { viewer { id } } cart { id totalQuantity } }', undefined, {
      jar,
    });
    expect(shell.data.cart.totalQuantity).toBe(6);
    expect(h.serviceLog).toEqual(['GET /service/shop/shop-user/detail']);

    // Any other field, through a fragment too, reads the whole cart once (and no detail).
    h.resetServiceLog();
    const more = await h.gql<any>(
      '{ cart { ...Badge } } fragment Badge on Cart { totalQuantity selectedQuantity lines { id } }',
      undefined,
      { jar },
    );
    expect(more.data.cart).toMatchObject({ totalQuantity: 6, selectedQuantity: 6 });
    expect(more.data.cart.lines).toHaveLength(2);
    expect(h.serviceLog).toEqual(['GET /service/shop/cart']);

    // Signed out: refused at the cart as the whole cart is.
    const anonymous = await h.gql<any>(badge);
    expect(anonymous.data?.cart ?? null).toBeNull();
    expect(anonymous.errors?.[0]).toMatchObject({ path: ['cart'], extensions: { code: 'UNAUTHENTICATED' } });
  });
});
