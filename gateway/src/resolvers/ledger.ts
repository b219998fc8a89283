import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { pageQuery } from './helpers.ts';

/** The shopper's ledger (bills). */
export const ledgerResolvers: Resolvers = {
  Query: {
    bills: (_root, { direction, page }, ctx) =>
      ctx.shop.call(routes.ledger.bills, {
        query: { direction: direction ?? undefined, ...pageQuery(page) },
      }),
  },
};
