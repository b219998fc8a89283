import type { Resolvers } from '../__generated__/resolvers.ts';
import type { RestOrder, RestPaymentResult, RestPayStart } from '../mappers.ts';

/** Starting a payment (pay URL + expiry) and the payment-result page. */
export const paymentResolvers: Resolvers = {
  Query: {
    paymentResult: async (_root, { orderId }, ctx) => ({
      orderId,
      ...(await ctx.upstream.call<RestPaymentResult>({
        method: 'GET',
        path: `/shop/pay/result/${encodeURIComponent(orderId)}`,
        auth: true,
      })),
    }),
  },
  PaymentResult: {
    order: (result, _args, ctx) =>
      ctx.upstream.call<RestOrder>({
        method: 'GET',
        path: `/shop/order/${encodeURIComponent(result.orderId)}`,
        auth: true,
      }),
  },
  Mutation: {
    startPayment: async (_root, { input }, ctx) => {
      const start = await ctx.upstream.call<RestPayStart>({
        method: 'POST',
        path: `/shop/pay/${encodeURIComponent(input.orderId)}`,
        body: { method: input.method },
        auth: true,
      });
      const order = await ctx.upstream.call<RestOrder>({
        method: 'GET',
        path: `/shop/order/${encodeURIComponent(input.orderId)}`,
        auth: true,
      });
      return { ...start, order };
    },
  },
};
