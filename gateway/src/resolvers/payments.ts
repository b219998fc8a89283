import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined } from './helpers.ts';

/** Starting a payment (pay URL + expiry) and the payment-result page. */
export const paymentResolvers: Resolvers = {
  Query: {
    paymentResult: (_root, { orderId }, ctx) =>
      ctx.shop.call(routes.payments.result, { params: { orderId } }),
  },
  // The order behind a payment is fetched only when the client selects it.
  PaymentResult: {
    order: (result, _args, ctx) => ctx.shop.call(routes.orders.detail, { params: { id: result.orderId } }),
  },
  StartPaymentPayload: {
    // The service answers a path: absolute on the origin the shopper called, where their session is.
    payUrl: (start, _args, ctx) => (start.payUrl ? new URL(start.payUrl, `${ctx.linkOrigin}/`).href : null),
    order: (start, _args, ctx) => ctx.shop.call(routes.orders.detail, { params: { id: start.orderId } }),
  },
  Mutation: {
    startPayment: (_root, { input }, ctx) =>
      ctx.shop.call(routes.payments.start, {
        params: { orderId: input.orderId },
        body: defined({ method: input.method, returnUrl: input.returnUrl }),
      }),
  },
};
