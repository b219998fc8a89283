import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined } from './helpers.ts';

/** Starting a payment (pay URL + expiry) and the payment-result page. */
export const paymentResolvers: Resolvers = {
  Query: {
    paymentResult: (_root, { orderId }, ctx) => ctx.shop.payments.result(orderId),
  },
  // The order behind a payment is fetched only when the client selects it.
  PaymentResult: {
    order: (result, _args, ctx) => ctx.shop.orders.detail(result.orderId),
  },
  StartPaymentPayload: {
    order: (start, _args, ctx) => ctx.shop.orders.detail(start.orderId),
  },
  Mutation: {
    startPayment: (_root, { input }, ctx) =>
      ctx.shop.payments.start(input.orderId, defined({ method: input.method, returnUrl: input.returnUrl })),
  },
};
