import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { pageQuery, payloadOf } from './helpers.ts';

/** Back office: all orders, shipping, refund review (the service answers 403 for non-admins). */
export const adminResolvers: Resolvers = {
  Query: {
    adminOrders: (_root, { status, orderNo, page }, ctx) =>
      ctx.shop.call(routes.admin.orders, {
        query: { status: status ?? undefined, orderNo: orderNo ?? undefined, ...pageQuery(page) },
      }),
    adminOrder: (_root, { id }, ctx) => ctx.shop.call(routes.admin.order, { params: { id } }),
    adminRefunds: (_root, { reviewStatus, page }, ctx) =>
      ctx.shop.call(routes.admin.refunds, {
        query: { reviewStatus: reviewStatus ?? undefined, ...pageQuery(page) },
      }),
  },
  Mutation: {
    shipOrder: payloadOf('order', routes.admin.ship, (input) => ({
      params: { id: input.orderId },
      // Both are required; a missing one goes on empty and the service's refusal names it.
      body: { courier: input.courier ?? '', waybillNo: input.waybillNo ?? '' },
    })),
    reviewRefund: payloadOf('refund', routes.admin.reviewRefund, (input) => ({
      params: { id: input.refundId },
      body: { approve: input.approve, remark: input.remark ?? '' },
    })),
  },
};
