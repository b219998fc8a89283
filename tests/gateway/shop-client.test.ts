// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * One typed edge to the REST service. Resolvers reach the service only through the
 * ShopClient on the context: with a fake client injected (and no upstream on the context at all)
 * the real resolvers answer. Each REST route is declared once, in common/rest/routes.ts, which the
 * service's routers register and the client's one `call` reads; the answer types are shared with
 * the service (common/rest/), checked at the end by tsc.
 * The real proof that the client speaks the service's REST is the rest of tests/gateway (real
 * gateway, real service); this file proves the seam.
 */
import { ApolloServer } from '@apollo/server';
import type { RestCart, RestOrder, RestPage, RestProduct, RestRefund } from '@shop/common/rest/index.ts';
import { type AnswerOf, routes } from '@shop/common/rest/routes.ts';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { GatewayContext } from '../../gateway/src/context.ts';
import { typeDefs } from '../../gateway/src/graphql/schema.ts';
import { createLoaders, SharedFacts } from '../../gateway/src/loaders.ts';
import { resolvers } from '../../gateway/src/resolvers/index.ts';
import {
  type CallOptions,
  createShopClient,
  type ShopClient,
  type ShopRoute,
} from '../../gateway/src/shop-client/index.ts';
import { unwrapAnswer } from '../../gateway/src/upstream/errors.ts';
import type { UpstreamCall } from '../../gateway/src/upstream/types.ts';
import type { ProductView } from '../../service/src/modules/catalogue/service.ts';
import type { OrderView, RefundView } from '../../service/src/modules/orders/views.ts';

type Handler = (options: any) => Promise<unknown>;

/** One route's fake answer, typed by the route. */
const answer = <R extends ShopRoute>(
  route: R,
  handler: (options: CallOptions<R>) => Promise<AnswerOf<R>>,
): [ShopRoute, Handler] => [route, handler as Handler];

/** A fake shop: only the routes a test gives answer; any other call fails the test loudly. */
function fakeShop(...answers: Array<[ShopRoute, Handler]>): ShopClient {
  const handlers = new Map(answers);
  return {
    call: (route, ...[options]) => {
      const handler = handlers.get(route);
      if (!handler) {
        return Promise.reject(new Error(`unexpected REST call: ${route.method.toUpperCase()} ${route.path}`));
      }
      return handler(options ?? {}) as Promise<never>;
    },
  };
}

const server = new ApolloServer<GatewayContext>({ typeDefs, resolvers });

async function run(shop: ShopClient, query: string, variables?: Record<string, unknown>) {
  const contextValue: GatewayContext = {
    shop,
    loaders: createLoaders(shop, new SharedFacts(0)),
    session: {
      isAuthenticated: true,
      vouched: false,
      defaultPassword: false,
      refreshToken: 'refresh',
      establish: async () => null,
      clear: () => {},
    },
    locale: 'en-GB',
    publicOrigin: 'https://shop.example',
    linkOrigin: 'https://shop.example',
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
  address: {
    recipient: 'A',
    phone: '13800000000',
    city: 'X',
    cityCode: null,
    provinceCode: null,
    detail: 'Y',
  },
  paymentDeadline: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: null,
  shippedAt: null,
  shipment: null,
  receivedAt: null,
  cancelledAt: null,
  cancelReason: null,
  refund: null,
  actions: { canPay: false, canCancel: false, canReceive: false, canRefund: true, canShip: false },
});

describe('resolvers go through the ShopClient only', () => {
  it('the cart and its line products come from GET /shop/cart alone', async () => {
    const get = vi.fn(async () => cart);
    const batch = vi.fn(async ({ query }: { query: { ids: string } }) =>
      query.ids.split(',').map((id) => product(Number(id), `P${id}`)),
    );
    const shop = fakeShop(answer(routes.cart.get, get), answer(routes.catalogue.batch, batch));
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

  it('addToCart hands the REST id and quantity to POST /shop/cart/lines', async () => {
    const add = vi.fn(async (_options: CallOptions<typeof routes.cart.add>) => cart);
    const result = await run(
      fakeShop(answer(routes.cart.add, add)),
      'mutation { addToCart(input: { productId: "7", quantity: 2 }) { cart { totalQuantity } userErrors { code } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.addToCart).toEqual({ cart: { totalQuantity: 2 }, userErrors: [] });
    expect(add).toHaveBeenCalledWith({ body: { productId: 7, quantity: 2 } });
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
      fakeShop(answer(routes.cart.add, add)),
      'mutation { addToCart(input: { productId: "7", quantity: 2 }) { cart { totalQuantity } userErrors { code message } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.addToCart).toEqual({
      cart: null,
      userErrors: [{ code: 'CART_OUT_OF_STOCK', message: 'This product is sold out' }],
    });
  });

  it('the order list pages through GET /shop/order/page and batches after-sales into one call', async () => {
    const page = vi.fn(
      async (): Promise<RestPage<RestOrder>> => ({
        records: [order(1), order(2), order(3)],
        total: 3,
        pageNum: 2,
        pageSize: 3,
      }),
    );
    const afterSalesBatch = vi.fn(async ({ query }: { query: { ids: string } }) =>
      query.ids.split(',').map(() => []),
    );
    const result = await run(
      fakeShop(answer(routes.orders.page, page), answer(routes.orders.afterSalesBatch, afterSalesBatch)),
      '{ orders(status: PAID, page: { pageNum: 2, pageSize: 3 }) { total records { id afterSales { remark } } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.orders.records.map((record: any) => record.id)).toEqual(['1', '2', '3']);
    expect(page).toHaveBeenCalledWith({ query: { status: 1, pageNum: 2, pageSize: 3 } });
    expect(afterSalesBatch).toHaveBeenCalledTimes(1);
    expect(afterSalesBatch).toHaveBeenCalledWith({ query: { ids: '1,2,3' } });
  });

  it('a call the fake does not offer fails: nothing reaches the service around the client', async () => {
    const result = await run(fakeShop(), '{ addresses { id } }');
    expect(result.errors?.[0].message).toMatch(/unexpected REST call: GET \/shop\/address\/list/);
  });
});

describe('the shop client calls a route as the route map declares it', () => {
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

  it('sends the method, the path with its params as encoded segments, the query, the body and auth', async () => {
    const { calls, shop } = recording();
    await shop.call(routes.cart.add, { body: { productId: 7, quantity: 2 } });
    await shop.call(routes.orders.page, { query: { status: 1, pageNum: 1, pageSize: 15 } });
    await shop.call(routes.orders.refund, { params: { id: '12' }, body: { reason: 'broken' } });
    await shop.call(routes.catalogue.product, { params: { id: 'a/b' } });
    await shop.call(routes.reference.dictionary, { params: { key: 'gender' }, query: { withAll: 'true' } });
    await shop.call(routes.productPhotos.setMain, {
      params: { id: 3, photoId: '9?x' },
      body: { version: 4 },
    });
    await shop.call(routes.reference.config);
    await shop.call(routes.accounts.logout, { body: { refreshToken: 'r' } });
    expect(calls).toEqual([
      { method: 'POST', path: '/shop/cart/lines', body: { productId: 7, quantity: 2 }, auth: true },
      { method: 'GET', path: '/shop/order/page', query: { status: 1, pageNum: 1, pageSize: 15 }, auth: true },
      { method: 'POST', path: '/shop/order/12/refund', body: { reason: 'broken' }, auth: true },
      { method: 'GET', path: '/shop/product/a%2Fb', auth: false },
      { method: 'GET', path: '/option/dict/gender', query: { withAll: 'true' }, auth: false },
      { method: 'PUT', path: '/admin/product/3/photos/9%3Fx/main', body: { version: 4 }, auth: true },
      { method: 'GET', path: '/shop/system/config', auth: false },
      { method: 'POST', path: '/shop/shop-user/logout', body: { refreshToken: 'r' }, auth: true },
    ]);
  });

  it('refuses at compile time a body, a param, a query or an answer the route does not declare', async () => {
    const { shop } = recording();
    // Each line below fails `npm run typecheck` if the error it expects goes away.
    const wrong = async () => {
      // @ts-expect-error the cart line's quantity is a number
      await shop.call(routes.cart.updateLine, { params: { id: 1 }, body: { quantity: 'two' } });
      // @ts-expect-error a line route needs its :id
      await shop.call(routes.cart.removeLine);
      // @ts-expect-error the order list's query has no `sort`
      await shop.call(routes.orders.page, { query: { pageNum: 1, pageSize: 5, sort: 'new' } });
      // @ts-expect-error GET /shop/cart takes no body
      await shop.call(routes.cart.get, { body: {} });
      // @ts-expect-error the cart is not an order
      const order: RestOrder = await shop.call(routes.cart.get);
      return order;
    };
    expectTypeOf(shop.call(routes.cart.get)).resolves.toEqualTypeOf<RestCart>();
    expect(typeof wrong).toBe('function');
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
