import type { Resolvers } from '../__generated__/resolvers.ts';
import type { RestBillEntry, RestPage } from '../mappers.ts';
import { pageQuery } from './helpers.ts';

/** The shopper's ledger (bills). */
export const ledgerResolvers: Resolvers = {
  Query: {
    bills: (_root, { direction, page }, ctx) =>
      ctx.upstream.call<RestPage<RestBillEntry>>({
        method: 'GET',
        path: '/shop/account/bill/page',
        query: { direction: direction ?? undefined, ...pageQuery(page) },
        auth: true,
      }),
  },
};
