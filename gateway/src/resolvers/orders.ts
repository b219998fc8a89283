import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { RestAfterSalesStep, RestCart, RestOrder, RestOrderPreview, RestPage } from '../mappers.ts';
import { defined, pageQuery, restId } from './helpers.ts';

const orderPath = (id: string | number) => `/shop/order/${encodeURIComponent(id)}`;

const afterSales = (ctx: GatewayContext, orderId: string | number) =>
  ctx.upstream.call<RestAfterSalesStep[]>({
    method: 'GET',
    path: `${orderPath(orderId)}/after-sales`,
    auth: true,
  });

/** POST /shop/order/:id/<action>; the service answers the order as it is afterwards. */
const transition = (ctx: GatewayContext, orderId: string, action: string, body?: unknown) =>
  ctx.upstream.call<RestOrder>({ method: 'POST', path: `${orderPath(orderId)}/${action}`, body, auth: true });

const lineSource = (input: {
  cartLineIds?: readonly string[] | null;
  productId?: string | null;
  quantity?: number | null;
}) =>
  defined({
    cartLineIds: input.cartLineIds?.map(restId),
    productId: input.productId == null ? undefined : restId(input.productId),
    quantity: input.quantity,
  });

/** The shopper's orders: list, detail, preview, place, cancel, receive, refund, after-sales. */
export const orderResolvers: Resolvers = {
  Query: {
    orders: (_root, { status, page }, ctx) =>
      ctx.upstream.call<RestPage<RestOrder>>({
        method: 'GET',
        path: '/shop/order/page',
        query: { status: status ?? undefined, ...pageQuery(page) },
        auth: true,
      }),
    order: (_root, { id }, ctx) =>
      ctx.upstream.call<RestOrder>({ method: 'GET', path: orderPath(id), auth: true }),
    orderPreview: (_root, { input }, ctx) =>
      ctx.upstream.call<RestOrderPreview>({
        method: 'POST',
        path: '/shop/order/preview',
        body: lineSource(input),
        auth: true,
      }),
    afterSales: (_root, { orderId }, ctx) => afterSales(ctx, orderId),
  },
  Order: {
    paymentMethod: (order) => order.paymentMethod || null,
    items: (order) => order.items ?? [],
    buyerAccount: (order) => order.account ?? null,
    // Batched: an order list costs one REST call for the after-sales of all its orders.
    afterSales: (order, _args, ctx) => ctx.loaders.afterSalesByOrderId.load(String(order.id)),
  },
  OrderItem: {
    product: (item, _args, ctx) => ctx.loaders.productById.load(String(item.productId)),
  },
  OrderPreviewItem: {
    product: (item, _args, ctx) => ctx.loaders.productById.load(String(item.productId)),
    cartLineId: (item) => item.cartLineId ?? null,
  },
  PlaceOrderPayload: {
    cart: (_payload, _args, ctx) =>
      ctx.upstream.call<RestCart>({ method: 'GET', path: '/shop/cart', auth: true }),
  },
  ApplyRefundPayload: {
    afterSales: (payload, _args, ctx) => afterSales(ctx, payload.order.id),
  },
  Mutation: {
    placeOrder: async (_root, { input }, ctx) => ({
      order: await ctx.upstream.call<RestOrder>({
        method: 'POST',
        path: '/shop/order',
        body: {
          ...lineSource(input),
          addressId: restId(input.addressId),
          paymentMethod: input.paymentMethod,
          requestId: input.requestId,
        },
        auth: true,
      }),
    }),
    cancelOrder: async (_root, { input }, ctx) => ({ order: await transition(ctx, input.orderId, 'cancel') }),
    confirmReceipt: async (_root, { input }, ctx) => ({
      order: await transition(ctx, input.orderId, 'receive'),
    }),
    applyRefund: async (_root, { input }, ctx) => ({
      order: await transition(ctx, input.orderId, 'refund', { reason: input.reason }),
    }),
  },
};
