import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { pageQuery } from './helpers.ts';

/** Back office: stock adjustments and product stock ledgers (403 → FORBIDDEN without `stock:adjust`). */
export const stockResolvers: Resolvers = {
  AdminProduct: {
    stockLedger: (product, { page }, ctx) =>
      ctx.shop.call(routes.stock.ledger, { params: { id: product.id }, query: pageQuery(page) }),
  },
  AdjustStockPayload: {
    // Read after the adjustment: at a later version when someone changed it meanwhile, shown as it is now.
    product: (adjustment, _args, ctx) =>
      ctx.shop.call(routes.productAdmin.product, { params: { id: adjustment.productId } }),
  },
  Mutation: {
    adjustStock: (_root, { input }, ctx) =>
      ctx.shop.call(routes.stock.adjust, {
        params: { id: input.productId },
        body: {
          delta: input.delta,
          reason: input.reason,
          ...(input.note == null ? {} : { note: input.note }),
        },
      }),
  },
};
