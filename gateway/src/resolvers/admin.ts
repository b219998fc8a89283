import type { Resolvers } from '../__generated__/resolvers.ts';
import type { RestAdminOrderDetail, RestOrder, RestPage, RestRefund } from '../mappers.ts';
import { pageQuery } from './helpers.ts';

/** Back office: all orders, shipping, refund review (the service answers 403 for non-admins). */
export const adminResolvers: Resolvers = {
  Query: {
    adminOrders: (_root, { status, orderNo, page }, ctx) =>
      ctx.upstream.call<RestPage<RestOrder>>({
        method: 'GET',
        path: '/admin/order/page',
        query: { status: status ?? undefined, orderNo: orderNo ?? undefined, ...pageQuery(page) },
        auth: true,
      }),
    adminOrder: (_root, { id }, ctx) =>
      ctx.upstream.call<RestAdminOrderDetail>({
        method: 'GET',
        path: `/admin/order/${encodeURIComponent(id)}`,
        auth: true,
      }),
    adminRefunds: (_root, { reviewStatus, page }, ctx) =>
      ctx.upstream.call<RestPage<RestRefund>>({
        method: 'GET',
        path: '/admin/refund/page',
        query: { reviewStatus: reviewStatus ?? undefined, ...pageQuery(page) },
        auth: true,
      }),
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
    shipOrder: async (_root, { input }, ctx) => ({
      order: await ctx.upstream.call<RestOrder>({
        method: 'POST',
        path: `/admin/order/${encodeURIComponent(input.orderId)}/ship`,
        auth: true,
      }),
    }),
    reviewRefund: async (_root, { input }, ctx) => ({
      refund: await ctx.upstream.call<RestRefund>({
        method: 'POST',
        path: `/admin/refund/${encodeURIComponent(input.refundId)}/review`,
        body: { approve: input.approve, remark: input.remark ?? '' },
        auth: true,
      }),
    }),
  },
};
