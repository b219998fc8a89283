// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * One typed edge to the REST service. Resolvers reach the service only through the
 * ShopClient on the context: with a fake client injected (and no upstream on the context at all)
 * the real resolvers answer, and each REST route is named once, in gateway/src/shop-client/.
 * The REST answer types are shared with the service (common/rest/), checked at the end by tsc.
 * The real proof that the client speaks the service's REST is the rest of tests/gateway (real
 * gateway, real service); this file proves the seam.
 */
import { ApolloServer } from '@apollo/server';
import type { RestCart, RestOrder, RestPage, RestProduct, RestRefund } from '@shop/common/rest/index.ts';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { GatewayContext } from '../../gateway/src/context.ts';
import { typeDefs } from '../../gateway/src/graphql/schema.ts';
import { createLoaders, SharedFacts } from '../../gateway/src/loaders.ts';
import { resolvers } from '../../gateway/src/resolvers/index.ts';
import { createShopClient, type ShopClient } from '../../gateway/src/shop-client/index.ts';
import { unwrapAnswer } from '../../gateway/src/upstream/errors.ts';
import type { UpstreamCall } from '../../gateway/src/upstream/types.ts';
import type { ProductView } from '../../service/src/modules/catalogue/service.ts';
import type { OrderView, RefundView } from '../../service/src/modules/orders/views.ts';

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (...args: never[]) => unknown ? T[K] : DeepPartial<T[K]>;
};

/** A fake shop: only the methods a test gives exist; any other call fails the test loudly. */
function fakeShop(parts: DeepPartial<ShopClient>): ShopClient {
  return new Proxy(parts, {
    get: (target, domain: string) =>
      new Proxy((target as Record<string, object>)[domain] ?? {}, {
        get: (methods, name: string) => {
          const method = (methods as Record<string, unknown>)[name];
          if (typeof method === 'function') return method;
          return () => Promise.reject(new Error(`unexpected REST call: shop.${domain}.${name}`));
        },
      }),
  }) as ShopClient;
}

const server = new ApolloServer<GatewayContext>({ typeDefs, resolvers });

async function run(shop: ShopClient, query: string, variables?: Record<string, unknown>) {
  const contextValue: GatewayContext = {
    shop,
    loaders: createLoaders(shop, new SharedFacts(0)),
    session: {
      isAuthenticated: true,
      defaultPassword: false,
      refreshToken: 'refresh',
      establish: async () => null,
      clear: () => {},
    },
    locale: 'en-GB',
    publicOrigin: 'https://shop.example',
    stockMaxAge: 5,
    resourcesMaxAge: 0,
  };
  const response = await server.executeOperation({ query, variables }, { contextValue });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return response.body.singleResult as { data?: any; errors?: any[] };
}

const product = (id: number, name: string): RestProduct => ({
  id,
  categoryId: 1,
  name,
  description: '',
  price: 1990,
  originalPrice: null,
  stock: 5,
  sales: 0,
  image: `/service/static/products/${id}.svg`,
  images: [],
  onShelf: true,
  listedAt: null,
});

const cart: RestCart = {
  lines: [7, 8].map((productId, index) => ({
    id: index + 1,
    productId,
    quantity: 1,
    selected: true,
    unitPrice: 1990,
    priceChangedFrom: null,
    subtotal: 1990,
    available: true,
    unavailableReason: null,
    unavailableText: null,
    stock: 5,
    product: product(productId, `P${productId}`),
  })),
  totalQuantity: 2,
  selectedQuantity: 2,
  selectedTotal: 3980,
  allSelected: true,
};

const order = (id: number): RestOrder => ({
  id,
  orderNo: `NO${id}`,
  status: 1,
  paymentStatus: 1,
  paymentMethod: 'lpay',
  totalQuantity: 1,
  productAmount: 1990,
  shippingFee: 0,
  payableAmount: 1990,
  paidAmount: 1990,
  address: { recipient: 'A', phone: '13800000000', city: 'X', detail: 'Y' },
  paymentDeadline: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  shippedAt: null,
  receivedAt: null,
  cancelledAt: null,
  cancelReason: null,
  refund: null,
  actions: { canPay: false, canCancel: false, canReceive: false, canRefund: true, canShip: false },
});

describe('resolvers go through the ShopClient only', () => {
  it('the cart and its line products come from shop.cart.get alone', async () => {
    const get = vi.fn(async () => cart);
    const batch = vi.fn(async (ids: readonly string[]) => ids.map((id) => product(Number(id), `P${id}`)));
    const shop = fakeShop({ cart: { get }, catalogue: { batch } });
    const result = await run(shop, '{ cart { id totalQuantity lines { id product { id name } } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data.cart).toEqual({
      id: 'cart',
      totalQuantity: 2,
      lines: [
        { id: '1', product: { id: '7', name: 'P7' } },
        { id: '2', product: { id: '8', name: 'P8' } },
      ],
    });
    expect(get).toHaveBeenCalledTimes(1);
    expect(batch).not.toHaveBeenCalled();
  });

  it('addToCart hands the REST id and quantity to shop.cart.add', async () => {
    const add = vi.fn(async (_productId: number | string, _quantity: number) => cart);
    const result = await run(
      fakeShop({ cart: { add } }),
      'mutation { addToCart(input: { productId: "7", quantity: 2 }) { cart { totalQuantity } userErrors { code } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.addToCart).toEqual({ cart: { totalQuantity: 2 }, userErrors: [] });
    expect(add).toHaveBeenCalledWith(7, 2);
  });

  it('a refusal the client raises (the real envelope mapping) still arrives as userErrors', async () => {
    const add = vi.fn(
      async (): Promise<RestCart> =>
        unwrapAnswer(
          {
            status: 200,
            envelope: {
              success: false,
              data: null,
              message: 'cart.outOfStock',
              alterMsg: 'This product is sold out',
              type: 2,
            },
          },
          'en-GB',
          [],
        ),
    );
    const result = await run(
      fakeShop({ cart: { add } }),
      'mutation { addToCart(input: { productId: "7", quantity: 2 }) { cart { totalQuantity } userErrors { code message } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.addToCart).toEqual({
      cart: null,
      userErrors: [{ code: 'CART_OUT_OF_STOCK', message: 'This product is sold out' }],
    });
  });

  it('the order list pages through shop.orders.page and batches after-sales into one call', async () => {
    const page = vi.fn(
      async (): Promise<RestPage<RestOrder>> => ({
        records: [order(1), order(2), order(3)],
        total: 3,
        pageNum: 2,
        pageSize: 3,
      }),
    );
    const afterSalesBatch = vi.fn(async (ids: readonly string[]) => ids.map(() => []));
    const result = await run(
      fakeShop({ orders: { page, afterSalesBatch } }),
      '{ orders(status: PAID, page: { pageNum: 2, pageSize: 3 }) { total records { id afterSales { remark } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.orders.records.map((record: any) => record.id)).toEqual(['1', '2', '3']);
    expect(page).toHaveBeenCalledWith(1, { pageNum: 2, pageSize: 3 });
    expect(afterSalesBatch).toHaveBeenCalledTimes(1);
    expect(afterSalesBatch).toHaveBeenCalledWith(['1', '2', '3']);
  });

  it('a call the fake does not offer fails: nothing reaches the service around the client', async () => {
    const result = await run(fakeShop({}), '{ addresses { id } }');
    expect(result.errors?.[0].message).toMatch(/unexpected REST call: shop\.addresses\.list/);
  });
});

describe('the shop client names each REST route once', () => {
  /** Records the calls the client makes on the request's upstream call function. */
  const recording = () => {
    const calls: UpstreamCall[] = [];
    const shop = createShopClient({
      call: async <T>(call: UpstreamCall) => {
        calls.push(call);
        return null as T;
      },
    });
    return { calls, shop };
  };

  it('maps typed methods to method, path, query, body and auth', async () => {
    const { calls, shop } = recording();
    await shop.cart.add(7, 2);
    await shop.orders.page(1, { pageNum: 1, pageSize: 15 });
    await shop.orders.refund('12', 'broken');
    await shop.catalogue.product('a/b');
    await shop.reference.dictionary('gender', true);
    await shop.admin.reviewRefund('5', false, 'no');
    expect(calls).toEqual([
      { method: 'POST', path: '/shop/cart/lines', body: { productId: 7, quantity: 2 }, auth: true },
      { method: 'GET', path: '/shop/order/page', query: { status: 1, pageNum: 1, pageSize: 15 }, auth: true },
      { method: 'POST', path: '/shop/order/12/refund', body: { reason: 'broken' }, auth: true },
      { method: 'GET', path: '/shop/product/a%2Fb', auth: false },
      { method: 'GET', path: '/option/dict/gender', query: { withAll: 'true' }, auth: false },
      { method: 'POST', path: '/admin/refund/5/review', body: { approve: false, remark: 'no' }, auth: true },
    ]);
  });

  it('creates a domain client once per request, on first use', () => {
    const { shop } = recording();
    expect(shop.orders).toBe(shop.orders);
    expect(shop.cart).not.toBe(shop.orders);
  });
});

describe('the REST answer types are shared with the service (checked by `npm run typecheck`)', () => {
  it('the service builds its answers as the gateway reads them', () => {
    // These hold at compile time only: a field renamed on either side fails tsc here and at the
    // service's view functions, which are annotated with the same common/rest types.
    expectTypeOf<ProductView>().toMatchTypeOf<RestProduct>();
    expectTypeOf<OrderView>().toEqualTypeOf<RestOrder>();
    expectTypeOf<RefundView>().toMatchTypeOf<RestRefund>();
    const unread = (answer: RestProduct) => {
      // @ts-expect-error the REST product has `price` in fen, not `priceFen`
      return answer.priceFen;
    };
    expect(typeof unread).toBe('function');
  });
});
