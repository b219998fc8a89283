import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { RestOrder, RestPaymentResult, RestPayStart } from '../mappers.ts';
import { defined } from './helpers.ts';

/** The order behind a payment (fetched only when the client selects it). */
const order = (ctx: GatewayContext, orderId: number) =>
  ctx.upstream.call<RestOrder>({ method: 'GET', path: `/shop/order/${orderId}`, auth: true });

/** Starting a payment (pay URL + expiry) and the payment-result page. */
export const paymentResolvers: Resolvers = {
  Query: {
    paymentResult: (_root, { orderId }, ctx) =>
      ctx.upstream.call<RestPaymentResult>({
        method: 'GET',
        path: `/shop/pay/result/${encodeURIComponent(orderId)}`,
        auth: true,
      }),
  },
  PaymentResult: {
    order: (result, _args, ctx) => order(ctx, result.orderId),
  },
  StartPaymentPayload: {
    order: (start, _args, ctx) => order(ctx, start.orderId),
  },
  Mutation: {
    startPayment: (_root, { input }, ctx) =>
      ctx.upstream.call<RestPayStart>({
        method: 'POST',
        path: `/shop/pay/${encodeURIComponent(input.orderId)}`,
        body: defined({ method: input.method, returnUrl: input.returnUrl }),
        auth: true,
      }),
  },
};
