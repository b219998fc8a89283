import { routes } from '@shop/common/rest/routes.ts';
import type { OrderPreviewInput, Resolvers } from '../__generated__/resolvers.ts';
import { defined, pageQuery, payloadOf, restId } from './helpers.ts';
import { imageOf } from './images.ts';

/** The lines an order is made of: cart lines, or one product bought directly. */
const lineSource = (input: OrderPreviewInput) =>
  defined({
    cartLineIds: input.cartLineIds?.map(restId),
    productId: input.productId == null ? undefined : restId(input.productId),
    quantity: input.quantity,
  });

/** The shopper's orders: list, detail, preview, place, cancel, receive, refund, after-sales. */
export const orderResolvers: Resolvers = {
  Query: {
    orders: (_root, { status, page }, ctx) =>
      ctx.shop.call(routes.orders.page, { query: { status: status ?? undefined, ...pageQuery(page) } }),
    order: (_root, { id }, ctx) => ctx.shop.call(routes.orders.detail, { params: { id } }),
    orderPreview: (_root, { input }, ctx) =>
      ctx.shop.call(routes.orders.preview, { body: lineSource(input) }),
    afterSales: (_root, { orderId }, ctx) =>
      ctx.shop.call(routes.orders.afterSales, { params: { id: orderId } }),
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
    featuredImage: (item, _args, ctx) => imageOf(ctx, item.image, item.name),
  },
  OrderPreviewItem: {
    product: (item, _args, ctx) => ctx.loaders.productById.load(String(item.productId)),
    featuredImage: (item, _args, ctx) => imageOf(ctx, item.image, item.name),
  },
  PlaceOrderPayload: {
    cart: (_payload, _args, ctx) => ctx.shop.call(routes.cart.get),
  },
  ApplyRefundPayload: {
    afterSales: (payload, _args, ctx) =>
      ctx.shop.call(routes.orders.afterSales, { params: { id: payload.order.id } }),
  },
  Mutation: {
    placeOrder: payloadOf('order', routes.orders.place, (input) => ({
      body: {
        ...lineSource(input),
        addressId: restId(input.addressId),
        paymentMethod: input.paymentMethod,
        requestId: input.requestId,
      },
    })),
    cancelOrder: payloadOf('order', routes.orders.cancel, (input) => ({ params: { id: input.orderId } })),
    confirmReceipt: payloadOf('order', routes.orders.receive, (input) => ({ params: { id: input.orderId } })),
    applyRefund: payloadOf('order', routes.orders.refund, (input) => ({
      params: { id: input.orderId },
      body: { reason: input.reason },
    })),
  },
};
