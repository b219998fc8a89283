import type { Resolvers } from '../__generated__/resolvers.ts';
import { pageQuery } from './helpers.ts';

/** Back office: all orders, shipping, refund review (the service answers 403 for non-admins). */
export const adminResolvers: Resolvers = {
  Query: {
    adminOrders: (_root, { status, orderNo, page }, ctx) =>
      ctx.shop.admin.orders({ status: status ?? undefined, orderNo: orderNo ?? undefined }, pageQuery(page)),
    adminOrder: (_root, { id }, ctx) => ctx.shop.admin.order(id),
    adminRefunds: (_root, { reviewStatus, page }, ctx) =>
      ctx.shop.admin.refunds(reviewStatus ?? undefined, pageQuery(page)),
  },
  PaymentAttempt: {
    paidAt: (payment) => payment.paidAt ?? null,
  },
  Refund: {
    orderNo: (refund) => refund.orderNo ?? null,
    account: (refund) => refund.account ?? null,
    orderStatus: (refund) => refund.orderStatus ?? null,
    paymentStatus: (refund) => refund.paymentStatus ?? null,
  },
  Mutation: {
    shipOrder: async (_root, { input }, ctx) => ({ order: await ctx.shop.admin.ship(input.orderId) }),
    reviewRefund: async (_root, { input }, ctx) => ({
      refund: await ctx.shop.admin.reviewRefund(input.refundId, input.approve, input.remark ?? ''),
    }),
  },
};
